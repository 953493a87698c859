/**
 * services → report-job (issue 29; a phone-sized page like live-attendance): an employee reports a job done: the
 * category (job-report/category), the day, what was done, how long it took and a photo; below, their reports of the
 * month. Ctrl+Enter or the button sends; the server's field errors land under their fields.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, toApiError } from '../../api/client.ts';
import { storeFile } from '../../api/files.ts';
import { DateInput } from '../../components/DateInput.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatDate } from '../../format.ts';
import { toast } from '../../overlays/progress.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { errorText, fieldErrors } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { jakartaMonth, jakartaToday, loadOwnJobReports, type OwnJobReports, reportJob } from './api.ts';
import './sales-jobs.css';

interface Draft {
  category: string | null;
  date: string;
  description: string;
  duration: string;
  photo: File | null;
}

const emptyDraft = (): Draft => ({ category: null, date: jakartaToday(), description: '', duration: '', photo: null });

export default function ReportJob({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const id = useId();
  const [period] = useState(jakartaMonth);
  const [own, setOwn] = useState<OwnJobReports | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const photo = useRef<HTMLInputElement>(null);

  const reload = useCallback(() => {
    loadOwnJobReports(period.year, period.month).then(setOwn, (reason: unknown) =>
      setFailure(errorText(t, toApiError(reason))),
    );
  }, [period, t]);
  useEffect(reload, [reload]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.category) found.category = t('validation.required');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) found.date = t('validation.required');
    if (!draft.description.trim()) found.description = t('validation.required');
    const minutes = Math.round(Number(draft.duration) * 60);
    if (!(minutes > 0 && minutes <= 24 * 60)) found.duration_minutes = t('salesJobs.durationHint');
    setErrors(found);
    if (Object.keys(found).length || busy) return;
    setBusy(true);
    try {
      const stored = draft.photo ? await storeFile(draft.photo, 'photo') : null;
      await reportJob({
        category: draft.category!,
        date: draft.date,
        description: draft.description.trim(),
        duration_minutes: minutes,
        ...(stored ? { photo: stored.name } : {}),
      });
      toast(t('salesJobs.reported'), 'success');
      setDraft(emptyDraft());
      if (photo.current) photo.current.value = '';
      reload();
    } catch (reason) {
      const error = toApiError(reason);
      const byField = error instanceof ApiError ? fieldErrors(t, error) : {};
      if (Object.keys(byField).length) setErrors(byField);
      else toast(errorText(t, error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const categories = own?.categories ?? [];
  const fieldError = (key: string) =>
    errors[key] ? (
      <span id={`${id}-${key}-error`} className="field-error">
        {errors[key]}
      </span>
    ) : null;
  const date = (value: string) => formatDate(value, 'DD MMM YYYY', { locale: i18n.language, fallback: value });

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="report-job">
        {failure && (
          <p role="alert" className="error">
            {failure}
          </p>
        )}
        <form
          aria-label={t('salesJobs.form')}
          noValidate
          onSubmit={(event) => void submit(event)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
          }}
        >
          <PickerField<string>
            id={`${id}-category`}
            label={t('resources.job-reports.fields.category')}
            source={{
              kind: 'local',
              options: categories.map((c) => ({ key: c._id, label: c.name, detail: c.code, value: c._id })),
            }}
            value={draft.category}
            onChange={(chosen) => set('category', chosen)}
            error={errors.category ?? null}
          />
          <div className="field">
            <label htmlFor={`${id}-date`}>{t('resources.job-reports.fields.date')}</label>
            <DateInput
              id={`${id}-date`}
              value={draft.date}
              language={i18n.language}
              required
              invalid={!!errors.date}
              onChange={(text) => set('date', text)}
              onLeave={(problem) => problem && setErrors((current) => ({ ...current, date: problem }))}
            />
            {fieldError('date')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>{t('resources.job-reports.fields.description')}</label>
            <textarea
              id={`${id}-description`}
              rows={3}
              maxLength={1000}
              value={draft.description}
              aria-invalid={errors.description ? true : undefined}
              onChange={(event) => set('description', event.target.value)}
            />
            {fieldError('description')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-duration`}>{t('salesJobs.durationHours')}</label>
            <input
              id={`${id}-duration`}
              type="number"
              min={0.25}
              max={24}
              step={0.25}
              inputMode="decimal"
              value={draft.duration}
              aria-invalid={errors.duration_minutes ? true : undefined}
              onChange={(event) => set('duration', event.target.value)}
            />
            {fieldError('duration_minutes')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-photo`}>
              {t('resources.job-reports.fields.photo')} <span className="muted">({t('common.optional')})</span>
            </label>
            <input
              ref={photo}
              id={`${id}-photo`}
              type="file"
              accept="image/png,image/jpeg"
              capture="environment"
              onChange={(event) => set('photo', event.target.files?.[0] ?? null)}
            />
            {fieldError('photo')}
          </div>
          <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
            {t('salesJobs.send')}
          </button>
        </form>
        <section aria-labelledby={`${id}-mine`}>
          <h2 id={`${id}-mine`}>{t('salesJobs.mine')}</h2>
          {own && own.reports.length === 0 && <p className="muted">{t('salesJobs.none')}</p>}
          {own && own.reports.length > 0 && (
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('resources.job-reports.fields.date')}</th>
                  <th scope="col">{t('resources.job-reports.fields.category')}</th>
                  <th scope="col">{t('resources.job-reports.fields.description')}</th>
                  <th scope="col">{t('salesJobs.hours')}</th>
                </tr>
              </thead>
              <tbody>
                {own.reports.map((line) => (
                  <tr key={line._id}>
                    <td>{date(line.date)}</td>
                    <td>{line.category?.name ?? ''}</td>
                    <td>{line.description ?? ''}</td>
                    <td className="number">{Math.round((line.duration_minutes / 60) * 100) / 100}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>
    </>
  );
}
