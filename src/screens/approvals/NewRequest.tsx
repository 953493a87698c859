/**
 * "New request": one form per context (requests.ts lists the fields), checked before sending with spec 5's
 * messages, sent as POST /v1/approvals; the server's field errors land under their fields. A leave shows its days
 * and the remaining balance of the chosen type before it is sent.
 */
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestContext } from '../../../common/approvals.ts';
import { overtimeLimits, profileRequestFields } from '../../../common/approvals.ts';
import { toApiError } from '../../api/client.ts';
import { AttachmentField, type AttachmentValue } from '../../attachments/AttachmentField.tsx';
import { DateInput, dateProblemText } from '../../components/DateInput.tsx';
import { referenceSource } from '../../grids/editors/ReferenceEditor.tsx';
import { fieldLabel } from '../../grids/labels.ts';
import { readTime } from '../../grids/parse.ts';
import type { AnyGridSpec, RefValue } from '../../grids/types.ts';
import { contextText } from '../../labels/approvals.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { userAtom } from '../../session.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import { createRequest, leavePreview, loadRequestOptions, type RequestOptions } from './api.ts';
import { approvalFieldLabel } from './labels.ts';
import type { Approval } from './model.ts';
import { OwnKeysModal } from './parts.tsx';
import {
  calendarDays,
  checkRequest,
  completeDraft,
  contextsFor,
  type Draft,
  employmentStatuses,
  fieldShown,
  type ProfileChange,
  type RequestField,
  requestContent,
  requestEmployee,
  requestFields,
  serverFieldKey,
  withField,
} from './requests.ts';

const employeeSpec = { resource: 'employees' } as AnyGridSpec;
const employeeSource = referenceSource({ path: '/v1/employees', label: 'fullname', code: 'employee_id' });
const units = ['day', 'half_day', 'hour'] as const;
const emptyOptions: RequestOptions = { leaveTypes: [], shifts: [], colleagues: [], dutyTypes: [] };

/** Spec 5's required messages name the field by the server's code: a required field keeps the form's own text. */
const requiredByField: Partial<Record<string, Partial<Record<RequestContext, string>>>> = {
  leave_type: { leave: 'validation.leaveTypeRequired' },
  start_date: { leave: 'validation.leaveStartRequired' },
  hours: { overtime: 'validation.overtimeHoursRequired' },
  reason: { change_shift: 'validation.replacementReasonRequired' },
  swap_with: { change_shift: 'validation.swapWithRequired' },
};

export function NewRequest({
  initial,
  onClose,
}: {
  initial: RequestContext;
  onClose: (created: Approval | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const formId = useId();
  const user = useAtomValue(userAtom);
  const contexts = useMemo(() => contextsFor(user?.level), [user?.level]);
  const [context, setContext] = useState<RequestContext>(initial);
  const [subject, setSubject] = useState<RefValue | null>(null);
  const [attachment, setAttachment] = useState<AttachmentValue | null>(null);
  const [draft, setDraft] = useState<Draft>({ unit: 'day' });
  const [changes, setChanges] = useState<ProfileChange[]>([{ field: '', value: '' }]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [options, setOptions] = useState<RequestOptions>(emptyOptions);
  const [preview, setPreview] = useState<{ days: number | null; remaining: number | null } | null>(null);

  useEffect(() => {
    loadRequestOptions().then(setOptions, (reason: unknown) => setFormError(errorText(t, toApiError(reason))));
  }, [t]);

  // A leave's day count (the server counts working days and holidays) and the balance left, before sending.
  const leaveType = options.leaveTypes.find((type) => type._id === draft.leave_type);
  useEffect(() => {
    if (context !== 'leave' || !draft.leave_type || !draft.start_date || !draft.end_date) {
      setPreview(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      leavePreview({
        leave_type: draft.leave_type!,
        start_date: draft.start_date!,
        end_date: draft.end_date!,
        unit: (draft.unit as (typeof units)[number]) || 'day',
        ...(draft.unit === 'hour' && Number(draft.hours) > 0 ? { hours: Number(draft.hours) } : {}),
      }).then(
        (result) => current && setPreview(result),
        () => current && setPreview(null),
      );
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [context, draft.leave_type, draft.start_date, draft.end_date, draft.unit, draft.hours]);

  const set = (key: string, value: string) => {
    setDraft((current) => withField(context, current, key, value));
    setErrors((current) => {
      const { [key]: _, ...rest } = current;
      return rest;
    });
  };
  /** A field's own message, or none (a date refused as soon as it is left). */
  const setError = (key: string, message: string | null) =>
    setErrors((current) => {
      const { [key]: _, ...rest } = current;
      return message ? { ...rest, [key]: message } : rest;
    });

  // Something typed and not sent: leaving asks first (issue 25).
  const unsent =
    Object.entries(draft).some(([key, value]) => key !== 'unit' && !!value?.trim()) ||
    !!attachment ||
    changes.some((change) => !!change.field || !!change.value.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const ready = completeDraft(context, draft);
    setDraft(ready);
    const found = checkRequest(context, ready, changes);
    if (Object.keys(found).length) {
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([key, code]) => [
            key,
            // A day that does not exist says so ('31 February does not exist'), not just the format.
            (code === 'validation.formats.date' && dateProblemText(t, ready[key] ?? '', language)) ||
              t(code as 'validation.required'),
          ]),
        ),
      );
      // The first field with a message takes the focus, so it is read out and fixed at once.
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`.approvals-form [aria-invalid="true"]`)?.focus(),
      );
      return;
    }
    setSaving(true);
    try {
      onClose(await createRequest(context, requestContent(context, ready, changes), requestEmployee(context, ready)));
    } catch (reason) {
      const error = toApiError(reason);
      const byField = fieldErrors(t, error);
      const mapped: Record<string, string> = {};
      for (const [path, text] of Object.entries(byField)) {
        const key = serverFieldKey(path);
        const own = requiredByField[key]?.[context];
        mapped[key] = error.fields?.[path]?.code === 'required' && own ? t(own as 'validation.required') : text;
      }
      setErrors(mapped);
      if (!Object.keys(mapped).length) setFormError(errorText(t, error));
      setSaving(false);
    }
  };

  const fields: readonly RequestField[] = requestFields[context];
  const label = (key: string) => approvalFieldLabel(t, key);
  const days = preview?.days ?? (context === 'business_trip' ? calendarDays(draft.start_date, draft.end_date) : null);
  const remaining = preview?.remaining ?? leaveType?.remaining ?? null;

  const control = (field: RequestField) => {
    const id = `${formId}-${field.key}`;
    const value = draft[field.key] ?? '';
    const common = {
      id,
      'aria-invalid': errors[field.key] ? true : undefined,
      'aria-describedby': errors[field.key] ? `${id}-error` : undefined,
      'aria-required': field.required ? true : undefined,
    } as const;
    const choose = (items: readonly { value: string; label: string }[]) => (
      <select {...common} value={value} onChange={(event) => set(field.key, event.target.value)}>
        <option value="">{t('approvals.request.choose')}</option>
        {items.map((item) => (
          <option key={item.value} value={item.value}>
            {item.label}
          </option>
        ))}
      </select>
    );
    const controls = {
      leaveType: () =>
        choose(
          options.leaveTypes.map((type) => ({
            value: type._id,
            label:
              type.remaining === null
                ? `${type.type} (${t('leave.unlimited')})`
                : `${type.type} (${t('approvals.request.left', { count: type.remaining })})`,
          })),
        ),
      // The duty type (`duty/category`): the option picker over the company's list, as the form's other lists.
      dutyType: () => (
        <PickerField<string>
          id={id}
          label={label(field.key)}
          source={{
            kind: 'local',
            options: options.dutyTypes.map((type) => ({
              key: type._id,
              label: type.name,
              detail: type.code,
              value: type._id,
            })),
          }}
          value={value || null}
          onChange={(chosen) => set(field.key, chosen ?? '')}
          error={errors[field.key] ?? null}
        />
      ),
      unit: () => choose(units.map((unit) => ({ value: unit, label: t(`enums.leave_unit.${unit}`) }))),
      shift: () =>
        choose(
          options.shifts.map((shift) => ({
            value: shift._id,
            label: [shift.code, shift.name].filter(Boolean).join(' · '),
          })),
        ),
      colleague: () => choose(options.colleagues.map((person) => ({ value: person._id, label: person.fullname }))),
      // The app's date field (spec 9: '29 Sep 2026', typed day-first or ISO), as on the employee record.
      date: () => (
        <DateInput
          id={id}
          value={value}
          language={language}
          required={!!field.required}
          invalid={!!errors[field.key]}
          {...(errors[field.key] ? { describedBy: `${id}-error` } : {})}
          onChange={(text) => set(field.key, text)}
          onLeave={(problem) => setError(field.key, problem)}
        />
      ),
      employee: () => (
        <PickerField<RefValue>
          id={id}
          label={label(field.key)}
          source={employeeSource}
          value={subject}
          onChange={(chosen) => {
            setSubject(chosen);
            set(field.key, chosen?._id ?? '');
          }}
          error={errors[field.key] ?? null}
        />
      ),
      attachment: () => (
        <AttachmentField
          label={label(field.key)}
          value={attachment}
          error={errors[field.key] ?? null}
          onChange={(chosen) => {
            setAttachment(chosen);
            set(field.key, chosen?.name ?? '');
          }}
        />
      ),
      employmentStatus: () =>
        choose(employmentStatuses.map((status) => ({ value: status, label: t(`enums.employment_status.${status}`) }))),
      time: () => (
        <input
          {...common}
          type="text"
          inputMode="numeric"
          placeholder="HH:mm"
          value={value}
          onChange={(event) => set(field.key, event.target.value)}
          // '1700' reads as 17:00 once the field is left (the grid's reading of a time).
          onBlur={(event) => {
            const time = readTime(event.target.value);
            if (time && time !== event.target.value) set(field.key, time);
            else if (!time && event.target.value.trim()) setError(field.key, t('validation.time'));
          }}
        />
      ),
      hours: () => (
        <input
          {...common}
          type="number"
          min={0.5}
          step={0.5}
          max={24}
          value={value}
          onChange={(event) => set(field.key, event.target.value)}
        />
      ),
      text: () => (
        <input {...common} value={value} maxLength={200} onChange={(event) => set(field.key, event.target.value)} />
      ),
      longText: () => (
        <textarea
          {...common}
          rows={3}
          value={value}
          maxLength={1000}
          onChange={(event) => set(field.key, event.target.value)}
        />
      ),
    } satisfies Record<RequestField['kind'], () => React.ReactNode>;
    // The employee picker draws its own label and message.
    if (field.kind === 'employee')
      return (
        <div key={field.key} className="field">
          {controls.employee()}
        </div>
      );
    if (field.kind === 'dutyType')
      return (
        <div key={field.key} className="field">
          {controls.dutyType()}
        </div>
      );
    // So does the attachment field.
    if (field.kind === 'attachment') return <div key={field.key}>{controls.attachment()}</div>;
    return (
      <div key={field.key} className="field">
        <label htmlFor={id}>
          {label(field.key)}
          {!field.required && <span className="muted"> ({t('common.optional')})</span>}
        </label>
        {controls[field.kind]()}
        {errors[field.key] && (
          <span id={`${id}-error`} className="field-error">
            {errors[field.key]}
          </span>
        )}
      </div>
    );
  };

  const profileOptions = useMemo(
    () =>
      profileRequestFields
        .map((field) => ({ value: field, label: fieldLabel(t, employeeSpec, field) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );

  return (
    <OwnKeysModal title={t('approvals.request.title')} onCancel={() => onClose(null)} unsent={unsent && !saving}>
      <form className="approvals-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${formId}-context`}>{t('approvals.request.kind')}</label>
          <select
            id={`${formId}-context`}
            value={context}
            onChange={(event) => {
              setContext(event.target.value as RequestContext);
              setErrors({});
              setFormError(null);
            }}
          >
            {contexts.map((value) => (
              <option key={value} value={value}>
                {contextText(t, value)}
              </option>
            ))}
          </select>
        </div>
        {fields.filter((field) => fieldShown(context, field.key, draft)).map(control)}
        {context === 'employee_profile' && (
          <fieldset>
            <legend>{t('approvals.request.changes')}</legend>
            {changes.map((change, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end and removed by position.
              <div key={index} className="flow-approver">
                <select
                  aria-label={t('approvals.request.changeField', { n: index + 1 })}
                  value={change.field}
                  onChange={(event) =>
                    setChanges(changes.map((c, i) => (i === index ? { ...c, field: event.target.value } : c)))
                  }
                >
                  <option value="">{t('approvals.request.choose')}</option>
                  {profileOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <input
                  aria-label={t('approvals.request.changeValue', { n: index + 1 })}
                  value={change.value}
                  onChange={(event) =>
                    setChanges(changes.map((c, i) => (i === index ? { ...c, value: event.target.value } : c)))
                  }
                />
                {changes.length > 1 && (
                  <button type="button" onClick={() => setChanges(changes.filter((_, i) => i !== index))}>
                    {t('approvals.request.removeChange', { n: index + 1 })}
                  </button>
                )}
              </div>
            ))}
            <button type="button" onClick={() => setChanges([...changes, { field: '', value: '' }])}>
              {t('approvals.request.addChange')}
            </button>
            {errors.changes && <span className="field-error">{errors.changes}</span>}
          </fieldset>
        )}
        {(context === 'leave' || context === 'business_trip') && (days !== null || remaining !== null) && (
          <p className="approvals-balance" role="status">
            {days !== null && t('approvals.request.days', { count: days })}
            {context === 'leave' && leaveType && (
              <>
                {days !== null && ' · '}
                {remaining === null
                  ? t('approvals.request.unlimited')
                  : t('approvals.request.remaining', { count: remaining })}
              </>
            )}
          </p>
        )}
        {context === 'overtime' && Number(draft.hours) > overtimeLimits.day && (
          <p className="approvals-warning" role="status">
            {t('approvals.warnings.overtime_daily_limit', {
              hours: Number(draft.hours),
              limit: overtimeLimits.day,
              taken: 0,
            })}
          </p>
        )}
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={() => onClose(null)}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary" disabled={saving}>
            {t('approvals.request.send')}
          </button>
        </div>
      </form>
    </OwnKeysModal>
  );
}
