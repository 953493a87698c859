/**
 * The audience of an announcement or a useful link: its target lists (employees, departments, sub-departments,
 * locations, job titles), each a list of chosen names with the picker to add one and a button to remove one. Empty
 * lists reach everyone (common/portal.ts `reaches`). The choices are loaded once per list.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import type { PickerOption } from '../../picker/options.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { raw } from './usePortalRows.ts';

export const targetLists = ['employees', 'departments', 'sub_departments', 'locations', 'job_titles'] as const;
export type TargetList = (typeof targetLists)[number];
export type Targets = Partial<Record<TargetList, string[]>>;

const sources = {
  employees: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
  departments: { path: '/v1/refs/employees/orgs/departments', label: 'name', code: 'code' },
  sub_departments: { path: '/v1/refs/employees/orgs/sub-departments', label: 'name', code: 'code' },
  locations: { path: '/v1/refs/employees/orgs/locations', label: 'name', code: 'code' },
  job_titles: { path: '/v1/refs/employees/orgs/job-titles', label: 'name', code: 'code' },
} as const satisfies Record<TargetList, { path: string; label: string; code: string }>;

const listLabels = {
  employees: 'portal.audience.employees',
  departments: 'portal.audience.departments',
  sub_departments: 'portal.audience.sub_departments',
  locations: 'portal.audience.locations',
  job_titles: 'portal.audience.job_titles',
} as const satisfies Record<TargetList, string>;

type Options = Partial<Record<TargetList, PickerOption<string>[]>>;

/** The choices of each list, loaded once. */
export function useTargetOptions(lists: readonly TargetList[]): Options {
  const [options, setOptions] = useState<Options>({});
  const key = lists.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the lists.
  useEffect(() => {
    let current = true;
    for (const list of lists) {
      const source = sources[list];
      call<{ data: Record<string, string>[] }>(
        raw.GET(source.path, { params: { query: { limit: 10_000, sort: source.label } } }),
      ).then(
        ({ data }: { data: Record<string, string>[] }) =>
          current &&
          setOptions((before) => ({
            ...before,
            [list]: data.map((row) => ({
              key: row._id as string,
              label: row[source.label] ?? '',
              detail: row[source.code],
              value: row._id as string,
            })),
          })),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [key]);
  return options;
}

export function AudienceEditor({
  lists,
  targets,
  canWrite,
  onChange,
}: {
  lists: readonly TargetList[];
  targets: Targets;
  canWrite: boolean;
  onChange: (list: TargetList, ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const options = useTargetOptions(lists);
  const everyone = lists.every((list) => (targets[list]?.length ?? 0) === 0);
  return (
    <div className="portal-audience">
      <p className="muted" role="status">
        {everyone ? t('portal.audience.everyone') : t('portal.audience.some')}
      </p>
      {lists.map((list) => {
        const chosen = targets[list] ?? [];
        const known = options[list] ?? [];
        const name = (id: string) => known.find((option) => option.key === id)?.label ?? id.slice(0, 8);
        return (
          <fieldset key={list} className="portal-target">
            <legend>{t(listLabels[list])}</legend>
            {chosen.length > 0 && (
              <ul className="portal-chips">
                {chosen.map((id) => (
                  <li key={id}>
                    {name(id)}
                    {canWrite && (
                      <button
                        type="button"
                        aria-label={t('portal.audience.remove', { name: name(id) })}
                        onClick={() =>
                          onChange(
                            list,
                            chosen.filter((other) => other !== id),
                          )
                        }
                      >
                        ×
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {canWrite && (
              <PickerField<string>
                label={t('portal.audience.add', { list: t(listLabels[list]) })}
                value={null}
                clearable={false}
                source={{ kind: 'local', options: known.filter((option) => !chosen.includes(option.key)) }}
                onChange={(value) => {
                  if (value && !chosen.includes(value)) onChange(list, [...chosen, value]);
                }}
              />
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
