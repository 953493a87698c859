/**
 * kpi → kpi-rules: who is assessed on what. A rule names the employees it covers (by department, job title or by
 * name; any combination), the assessor flow and the indicators; an assessment is opened per rule and period.
 */
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/client.ts';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { useCanWrite } from '../../menu/access.ts';
import { errorText, fieldErrors } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import {
  deleteKpiRule,
  type KpiRule,
  type KpiRuleInput,
  listKpiRules,
  loadRuleOptions,
  type Option,
  type RuleOptions,
  saveKpiRule,
} from './api.ts';
import { OwnKeysModal, SetupList } from './SetupList.tsx';

const names = (list: readonly { name: string }[]) => list.map((n) => n.name).join(', ');

export default function Rules(screen: ScreenProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite(screen.entry.id);
  const columns = useMemo(
    () => [
      { field: 'name' as const, headerName: t('kpi.rules.name'), width: 240, pinned: 'left' as const },
      {
        colId: 'covers',
        headerName: t('kpi.rules.covers'),
        width: 340,
        valueGetter: (p: { data?: KpiRule }) =>
          p.data
            ? [names(p.data.names.departments), names(p.data.names.job_titles), names(p.data.names.employees)]
                .filter(Boolean)
                .join(' · ')
            : '',
      },
      {
        colId: 'flow',
        headerName: t('kpi.rules.flow'),
        width: 260,
        valueGetter: (p: { data?: KpiRule }) => p.data?.names.flow?.name ?? '',
      },
      {
        colId: 'indicators',
        headerName: t('kpi.rules.indicators'),
        flex: 1,
        minWidth: 300,
        valueGetter: (p: { data?: KpiRule }) => (p.data ? names(p.data.names.indicators) : ''),
      },
    ],
    [t],
  );
  return (
    <SetupList<KpiRule>
      screen={screen}
      canWrite={canWrite}
      commandPrefix="kpi-rules"
      labels={{
        new: 'kpi.rules.new',
        edit: 'kpi.rules.edit',
        remove: 'kpi.rules.remove',
        hint: 'kpi.rules.hint',
        empty: 'kpi.rules.empty',
        saved: 'kpi.rules.saved',
      }}
      load={listKpiRules}
      remove={deleteKpiRule}
      columns={columns}
      editor={(row, close) => <RuleEditor rule={row} onClose={close} />}
    />
  );
}

function MultiSelect({
  id,
  label,
  options,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        multiple
        size={Math.min(6, Math.max(3, options.length))}
        value={[...value]}
        {...fieldErrorProps(id, error)}
        onChange={(event) => onChange([...event.target.selectedOptions].map((o) => o.value))}
      >
        {options.map((option) => (
          <option key={option._id} value={option._id}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

function RuleEditor({ rule, onClose }: { rule: KpiRule | null; onClose: (saved: KpiRule | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState<KpiRuleInput>(() =>
    rule
      ? {
          name: rule.name,
          departments: [...rule.departments],
          job_titles: [...rule.job_titles],
          employees: [...rule.employees],
          flow: rule.flow,
          indicators: [...rule.indicators],
        }
      : { name: '', departments: [], job_titles: [], employees: [], flow: '', indicators: [] },
  );
  const [options, setOptions] = useState<RuleOptions>({
    departments: [],
    jobTitles: [],
    employees: [],
    flows: [],
    indicators: [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    loadRuleOptions().then(setOptions, (reason: unknown) => setFormError(errorText(t, toApiError(reason))));
  }, [t]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!body.name.trim()) found.name = t('validation.required');
    if (!body.flow) found.flow = t('validation.required');
    if (!body.indicators.length) found.indicators = t('validation.required');
    if (!body.departments.length && !body.job_titles.length && !body.employees.length)
      found.employees = t('kpi.rules.coverRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFormError(null);
    try {
      onClose(await saveKpiRule(rule?._id ?? null, { ...body, name: body.name.trim() }));
    } catch (reason) {
      const error = toApiError(reason);
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(t, error)).map(([key, value]) => [key.replace(/^\//, ''), value]),
        ),
      );
      setFormError(errorText(t, error));
      setSaving(false);
    }
  };

  return (
    <OwnKeysModal
      title={rule ? t('kpi.rules.editTitle', { name: rule.name }) : t('kpi.rules.new')}
      onCancel={() => onClose(null)}
    >
      <form className="kpi-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('kpi.rules.name')}</label>
          <input
            id={`${id}-name`}
            // biome-ignore lint/a11y/noAutofocus: the editor's first field.
            autoFocus
            value={body.name}
            maxLength={200}
            {...fieldErrorProps(`${id}-name`, errors.name)}
            onChange={(event) => setBody({ ...body, name: event.target.value })}
          />
          <FieldError fieldId={`${id}-name`} message={errors.name} />
        </div>
        <fieldset>
          <legend>{t('kpi.rules.covers')}</legend>
          <p className="hint">{t('kpi.rules.coversHint')}</p>
          <MultiSelect
            id={`${id}-departments`}
            label={t('kpi.rules.departments')}
            options={options.departments}
            value={body.departments}
            error={errors.departments}
            onChange={(departments) => setBody({ ...body, departments })}
          />
          <MultiSelect
            id={`${id}-job-titles`}
            label={t('kpi.rules.jobTitles')}
            options={options.jobTitles}
            value={body.job_titles}
            error={errors.job_titles}
            onChange={(job_titles) => setBody({ ...body, job_titles })}
          />
          <MultiSelect
            id={`${id}-employees`}
            label={t('kpi.rules.employees')}
            options={options.employees}
            value={body.employees}
            error={errors.employees}
            onChange={(employees) => setBody({ ...body, employees })}
          />
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-flow`}>{t('kpi.rules.flow')}</label>
          <select
            id={`${id}-flow`}
            value={body.flow}
            {...fieldErrorProps(`${id}-flow`, errors.flow)}
            onChange={(event) => setBody({ ...body, flow: event.target.value })}
          >
            <option value="">{t('kpi.choose')}</option>
            {options.flows.map((option) => (
              <option key={option._id} value={option._id}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldError fieldId={`${id}-flow`} message={errors.flow} />
        </div>
        <MultiSelect
          id={`${id}-indicators`}
          label={t('kpi.rules.indicators')}
          options={options.indicators}
          value={body.indicators}
          error={errors.indicators}
          onChange={(indicators) => setBody({ ...body, indicators })}
        />
        <FormActions
          error={formError}
          cancel={{ label: t('grid.cancel'), onClick: () => onClose(null) }}
          submit={{ label: t('kpi.save'), disabled: saving }}
        />
      </form>
    </OwnKeysModal>
  );
}
