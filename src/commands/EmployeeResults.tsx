import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { employeePath, loadEmployees } from './pages/EmployeePage.tsx';
import type { PageProps } from './pages/types.ts';
import { useSelectFirst, useServerSearch } from './pages/useServerSearch.ts';
import { normalize } from './search.ts';

/** A query this long (after normalising) is also looked up as an employee's name. */
export const EMPLOYEE_QUERY_MIN = 2;

export const searchesEmployees = (search: string) => normalize(search).length >= EMPLOYEE_QUERY_MIN;

const loadMatches: typeof loadEmployees = (search, signal) =>
  searchesEmployees(search) ? loadEmployees(search, signal) : Promise.resolve([]);

/**
 * 'Go to employee: <name>' at the palette's top level: the query is looked up as an employee (the same search as the
 * 'Go to employee…' page, debounced), listed after the commands that match by name or word. When no command matches
 * that well, the first employee is selected as soon as the reply arrives, so Enter opens them.
 */
export function EmployeeResults({ search, ctx, finish, select, alone }: PageProps & { alone: boolean }) {
  const { t } = useTranslation();
  const { items, loading } = useServerSearch(search, loadMatches);
  const shown = searchesEmployees(search) ? items : [];
  useSelectFirst(select, alone && !loading ? shown[0] && `employee:${shown[0]._id}` : undefined);
  if (!searchesEmployees(search)) return null;
  return (
    <>
      {loading && alone && (
        <Command.Loading label={t('palette.searchingEmployees')}>{t('palette.searchingEmployees')}</Command.Loading>
      )}
      {!loading && alone && shown.length === 0 && <div className="palette-message">{t('palette.empty')}</div>}
      {shown.length > 0 && (
        <Command.Group heading={t('palette.groups.employees')}>
          {shown.map((employee) => (
            <Command.Item
              key={employee._id}
              value={`employee:${employee._id}`}
              onSelect={() => finish(() => ctx.navigate(employeePath(employee)))}
            >
              <span className="palette-label">{t('palette.goToEmployeeNamed', { name: employee.fullname })}</span>
              <span className="palette-detail">
                {employee.employee_id}
                {employee.exit_date ? ` · ${t('palette.pages.employee.resigned')}` : ''}
              </span>
            </Command.Item>
          ))}
        </Command.Group>
      )}
    </>
  );
}
