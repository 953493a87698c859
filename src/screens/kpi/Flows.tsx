/**
 * kpi → kpi-flow: assessor flows. A flow is a name and its assessors in order: the employee's supervisor, their
 * department's head, a named employee, or the employee themselves (self-assessment). Each step of an assessment
 * opens only once the steps before it are submitted.
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
  deleteKpiFlow,
  type KpiAssessor,
  type KpiFlow,
  type KpiFlowInput,
  listKpiFlows,
  loadEmployeeOptions,
  type Option,
  saveKpiFlow,
} from './api.ts';
import { assessorTypes, stepText } from './labels.ts';
import { OwnKeysModal, SetupList } from './SetupList.tsx';

export default function Flows(screen: ScreenProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite(screen.entry.id);
  const columns = useMemo(
    () => [
      { field: 'name' as const, headerName: t('kpi.flows.name'), width: 300, pinned: 'left' as const },
      {
        colId: 'assessors',
        headerName: t('kpi.flows.assessors'),
        flex: 1,
        minWidth: 360,
        valueGetter: (p: { data?: KpiFlow }) => {
          if (!p.data) return '';
          const names = new Map(p.data.names.employees.map((n) => [n._id, n.name]));
          return p.data.assessors.map((a, i) => `${i + 1}. ${stepText(t, a, names)}`).join(' → ');
        },
      },
    ],
    [t],
  );
  return (
    <SetupList<KpiFlow>
      screen={screen}
      canWrite={canWrite}
      commandPrefix="kpi-flow"
      labels={{
        new: 'kpi.flows.new',
        edit: 'kpi.flows.edit',
        remove: 'kpi.flows.remove',
        hint: 'kpi.flows.hint',
        empty: 'kpi.flows.empty',
        saved: 'kpi.flows.saved',
      }}
      load={listKpiFlows}
      remove={deleteKpiFlow}
      columns={columns}
      editor={(row, close) => <FlowEditor flow={row} onClose={close} />}
    />
  );
}

function FlowEditor({ flow, onClose }: { flow: KpiFlow | null; onClose: (saved: KpiFlow | null) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState<KpiFlowInput>(() =>
    flow
      ? { name: flow.name, assessors: flow.assessors.map((a) => ({ ...a })) }
      : { name: '', assessors: [{ type: 'supervisor' }, { type: 'department_head' }] },
  );
  const [employees, setEmployees] = useState<Option[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    loadEmployeeOptions().then(setEmployees, (reason: unknown) => setFormError(errorText(t, toApiError(reason))));
  }, [t]);

  const setStep = (index: number, assessor: KpiAssessor) =>
    setBody({ ...body, assessors: body.assessors.map((a, i) => (i === index ? assessor : a)) });
  const move = (index: number, delta: number) => {
    const assessors = [...body.assessors];
    const [step] = assessors.splice(index, 1);
    assessors.splice(index + delta, 0, step!);
    setBody({ ...body, assessors });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!body.name.trim()) found.name = t('validation.required');
    if (!body.assessors.length) found.assessors = t('validation.required');
    body.assessors.forEach((a, index) => {
      if (a.type === 'employee' && !a.employee) found[`assessors.${index}`] = t('kpi.flows.employeeRequired');
    });
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFormError(null);
    try {
      onClose(await saveKpiFlow(flow?._id ?? null, { ...body, name: body.name.trim() }));
    } catch (reason) {
      const error = toApiError(reason);
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors(t, error)).map(([key, value]) => [
            key.replace(/^\//, '').replaceAll('/', '.'),
            value,
          ]),
        ),
      );
      setFormError(errorText(t, error));
      setSaving(false);
    }
  };

  return (
    <OwnKeysModal
      title={flow ? t('kpi.flows.editTitle', { name: flow.name }) : t('kpi.flows.new')}
      onCancel={() => onClose(null)}
    >
      <form className="kpi-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('kpi.flows.name')}</label>
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
        <fieldset {...fieldErrorProps(`${id}-assessors`, errors.assessors)}>
          <legend>{t('kpi.flows.assessors')}</legend>
          <FieldError fieldId={`${id}-assessors`} message={errors.assessors} />
          <ol className="kpi-steps">
            {body.assessors.map((assessor, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its position in the flow.
              <li key={index} className="kpi-step">
                <select
                  aria-label={t('kpi.flows.stepType', { n: index + 1 })}
                  value={assessor.type}
                  onChange={(event) => {
                    const type = event.target.value as KpiAssessor['type'];
                    setStep(index, type === 'employee' ? { type, employee: '' } : { type });
                  }}
                >
                  {assessorTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(`enums.kpi_assessor.${type}`)}
                    </option>
                  ))}
                </select>
                {assessor.type === 'employee' && (
                  <select
                    aria-label={t('kpi.flows.stepEmployee', { n: index + 1 })}
                    value={assessor.employee}
                    onChange={(event) => setStep(index, { type: 'employee', employee: event.target.value })}
                  >
                    <option value="">{t('kpi.choose')}</option>
                    {employees.map((option) => (
                      <option key={option._id} value={option._id}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                )}
                <button type="button" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('kpi.flows.up', { n: index + 1 })}
                </button>
                <button type="button" disabled={index === body.assessors.length - 1} onClick={() => move(index, 1)}>
                  {t('kpi.flows.down', { n: index + 1 })}
                </button>
                <button
                  type="button"
                  onClick={() => setBody({ ...body, assessors: body.assessors.filter((_, i) => i !== index) })}
                >
                  {t('kpi.flows.removeStep', { n: index + 1 })}
                </button>
                {errors[`assessors.${index}`] && <span className="field-error">{errors[`assessors.${index}`]}</span>}
              </li>
            ))}
          </ol>
          <button
            type="button"
            disabled={body.assessors.length >= 10}
            onClick={() => setBody({ ...body, assessors: [...body.assessors, { type: 'supervisor' }] })}
          >
            {t('kpi.flows.addStep')}
          </button>
        </fieldset>
        <FormActions
          error={formError}
          cancel={{ label: t('grid.cancel'), onClick: () => onClose(null) }}
          submit={{ label: t('kpi.save'), disabled: saving }}
        />
      </form>
    </OwnKeysModal>
  );
}
