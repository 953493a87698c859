/**
 * my-profile (`/dashboard/my-profile`): the signed-in employee's own record. Who they are in the company (name,
 * employee ID, department, job title, join date) is shown read-only; their personal, contact and address data is a
 * form saved with the record's version (PUT /v1/employees/me). A 409 keeps the user's changes except where someone
 * else changed the same field meanwhile; the server's field errors are shown under their fields.
 *
 * Its menu entry has an empty role list (spec 6), so the menu's route guard never opens it: App.tsx routes it for
 * every signed-in user, and the server answers for company users only.
 */
import { useUnsentGuard } from '../../components/Modal.tsx';
import '../../employeeForm/employee-form.css';
import { type FormEvent, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { Field, fieldLabel, ReadOnlyField } from '../../employeeForm/fields.tsx';
import {
  applySameAddress,
  buildChanges,
  type Draft,
  displayValue,
  errorTexts,
  type FormValue,
  isLockedBySameAddress,
  toDraft,
  withPopulated,
} from '../../employeeForm/form.ts';
import { type Employee, type FieldSpec, fieldSpecs } from '../../employeeForm/sections.ts';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import { OwnKpiScores, OwnPortal, OwnRequests } from '../panels.ts';
import { OwnPayslips } from './OwnPayslips.tsx';
import {
  PROFILE_POPULATE,
  profileForm,
  profilePopulated,
  profileSections,
  readOnlySpecs,
  rebaseAfterConflict,
} from './profile.ts';

const inline = { [INLINE_ERRORS_HEADER]: '1' };

type Load = { state: 'loading' } | { state: 'ready'; row: Employee } | { state: 'failed'; error: ApiError };

export default function MyProfile() {
  const { t } = useTranslation();
  const title = t('menu.my-profile');
  usePageTitle(title);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ('Try again') loads the record again.
  useEffect(() => {
    const abort = new AbortController();
    setLoad({ state: 'loading' });
    call(
      api.GET('/v1/employees/me', {
        params: { query: { populate: PROFILE_POPULATE } },
        headers: inline,
        signal: abort.signal,
      }),
    ).then(
      ({ data }) => setLoad({ state: 'ready', row: data }),
      (reason: unknown) => {
        if (!abort.signal.aborted) setLoad({ state: 'failed', error: toApiError(reason) });
      },
    );
    return () => abort.abort();
  }, [attempt]);

  return (
    <>
      <ScreenHeader trail={[]} title={title} />
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {error.status === 404 ? t('myProfile.noRecord') : errorText(t, error)}
          </p>
        )}
      />
      {load.state === 'ready' && <ProfileForm initial={load.row} />}
    </>
  );
}

function ProfileForm({ initial }: { initial: Employee }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const formId = useId();
  const [row, setRow] = useState<Employee>(initial);
  const [draft, setDraft] = useState<Draft>(() => toDraft(profileForm, initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Changed and not saved: leaving by a link, the palette or Back asks first (issue 25).
  const guard = useUnsentGuard(
    !saving && Object.keys(buildChanges(profileForm, row, applySameAddress(draft)).changes).length > 0,
  );

  const change = (field: string, value: FormValue) => {
    setDraft((current) => applySameAddress({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _, ...rest } = current;
      return rest;
    });
    setGeneral(null);
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const { changes, errors: refused } = buildChanges(profileForm, row, applySameAddress(draft));
    setErrors(errorTexts(t, refused));
    if (Object.keys(refused).length) {
      setGeneral(t('myProfile.invalid'));
      return;
    }
    if (!Object.keys(changes).length) {
      setGeneral(t('employeeDetail.nothingToSave'));
      return;
    }
    setGeneral(null);
    setSaving(true);
    try {
      const { data } = await call(
        api.PUT('/v1/employees/me', {
          body: { version: row.version, ...changes } as Schemas['MyProfileUpdate'],
          headers: inline,
        }),
      );
      const saved = withPopulated(data, row, {}, profilePopulated);
      setRow(saved);
      setDraft(toDraft(profileForm, saved));
      toast(t('myProfile.saved'), 'success');
    } catch (reason) {
      const error = toApiError(reason);
      if (error.status === 409 && typeof error.current === 'object' && error.current !== null) {
        const current = withPopulated(error.current as Employee, row, {}, profilePopulated);
        const rebased = rebaseAfterConflict(row, current, draft);
        setRow(current);
        setDraft(rebased.draft);
        setGeneral(
          rebased.conflicts.length
            ? t('myProfile.conflict', { fields: rebased.conflicts.map((field) => fieldLabel(t, field)).join(', ') })
            : t('myProfile.conflictKept'),
        );
      } else if (error.fields && Object.keys(error.fields).length) {
        setErrors(fieldErrors(t, error));
        setGeneral(t('myProfile.invalid'));
      } else {
        setGeneral(errorText(t, error));
      }
    } finally {
      setSaving(false);
    }
  };

  const discard = () => {
    setDraft(toDraft(profileForm, row));
    setErrors({});
    setGeneral(null);
  };

  const field = (spec: FieldSpec) => {
    const id = `${formId}-${spec.field}`;
    return (
      <Field
        key={spec.field}
        id={id}
        spec={spec}
        label={fieldLabel(t, spec.field)}
        value={draft[spec.field] ?? null}
        onChange={(value) => change(spec.field, value)}
        disabled={saving || isLockedBySameAddress(spec.field, draft)}
        error={errors[spec.field] ?? null}
        language={language}
        t={t}
      />
    );
  };

  return (
    <div className="employee-sections my-profile">
      <section className="employee-section" aria-labelledby={`${formId}-who`}>
        <h2 id={`${formId}-who`}>{t('myProfile.employment')}</h2>
        <div className="field-grid">
          {readOnlySpecs.map((spec) => (
            <ReadOnlyField
              key={spec.field}
              id={`${formId}-${spec.field}`}
              field={spec.field}
              label={fieldLabel(t, spec.field)}
              text={displayValue(spec, row[spec.field], t, language, t('employeeDetail.notSet'))}
            />
          ))}
        </div>
      </section>
      {guard}
      <form className="employee-form" onSubmit={(event) => void save(event)} noValidate aria-busy={saving}>
        {profileSections.map((section) => (
          <section key={section.id} className="employee-section" aria-labelledby={`${formId}-${section.id}`}>
            <h2 id={`${formId}-${section.id}`}>{t(section.label as never)}</h2>
            <div className="field-grid">{fieldSpecs(section).map(field)}</div>
          </section>
        ))}
        {general && (
          <p className="form-error" role="alert">
            {general}
          </p>
        )}
        <div className="section-actions">
          <button type="button" onClick={discard} disabled={saving}>
            {t('employeeDetail.discard')}
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {saving ? t('employeeDetail.saving') : t('myProfile.save')}
          </button>
        </div>
      </form>
      <OwnPayslips />
      <Suspense fallback={null}>
        <OwnRequests embedded />
      </Suspense>
      <Suspense fallback={null}>
        <OwnPortal />
        <OwnKpiScores />
      </Suspense>
    </div>
  );
}
