import { Command } from 'cmdk';
import { useTranslation } from 'react-i18next';
import { jakartaToday } from '../../../common/employment.ts';
import { api, call, type Schemas } from '../../api/client.ts';
import { listOf } from '../../employeeForm/lists.ts';
import { employeeDetailPath } from '../../grids/specs/employee-columns.ts';
import type { PageProps } from './types.ts';
import { useSelectFirst, useServerSearch } from './useServerSearch.ts';

type Employee = Schemas['Employee'];

export const loadEmployees = async (search: string, signal: AbortSignal): Promise<readonly Employee[]> => {
  const reply = await call(
    api.GET('/v1/employees', {
      params: { query: { search: search || undefined, limit: 20, populate: 'user' } },
      signal,
    }),
  );
  return reply.data;
};

/** The detail of an employee (spec 2.1), on the list they are on today. */
export const employeePath = (employee: Pick<Employee, 'user' | 'exit_date' | 'status'>): string =>
  employeeDetailPath(listOf(employee, jakartaToday()), employee.user);

/** 'Go to employee…': searches employees on the server and opens the chosen one's detail. */
export function EmployeePage({ search, ctx, finish, select }: PageProps) {
  const { t } = useTranslation();
  const { items, loading, error } = useServerSearch(search, loadEmployees);
  useSelectFirst(select, items[0] && `employee:${items[0]._id}`);
  return (
    <>
      {loading && <Command.Loading label={t('palette.loading')}>{t('palette.loading')}</Command.Loading>}
      {error && (
        <div className="palette-message" role="alert">
          {t('palette.error', { message: error })}
        </div>
      )}
      {!loading && !error && items.length === 0 && <div className="palette-message">{t('palette.empty')}</div>}
      {items.map((employee) => (
        <Command.Item
          key={employee._id}
          value={`employee:${employee._id}`}
          onSelect={() => finish(() => ctx.navigate(employeePath(employee)))}
        >
          <span className="palette-label">{employee.fullname}</span>
          <span className="palette-detail">
            {employee.employee_id}
            {employee.exit_date ? ` · ${t('palette.pages.employee.resigned')}` : ''}
          </span>
        </Command.Item>
      ))}
    </>
  );
}
