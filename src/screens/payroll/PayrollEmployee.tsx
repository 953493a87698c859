/**
 * payroll-employees: one employee's payroll for a month (`/dashboard/edit/payroll-employees/{employee id}?month=&year=
 * &exit=`, spec 2.1 and 3 "Employee payroll"). The month's allowance, incentive, THR and yearly bonus, bonus and
 * deduction items as editable grids (the generic grids fixed to the employee and the month), and the payslip: the
 * monthly run's when one exists, else a preview by the engine that follows every change to the items.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { LineKind } from '../../../common/payroll/types.ts';
import { api, call, type Schemas } from '../../api/client.ts';
import { formatRupiah } from '../../format.ts';
import { onListWritten } from '../../grids/api.ts';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import {
  employeeAllowancesGrid,
  employeeBonusesGrid,
  employeeDeductionsGrid,
  employeeIncentivesGrid,
} from '../../grids/specs/employee-payroll-items.ts';
import { employeeThrBonusesGrid } from '../../grids/specs/employee-thr-bonuses.ts';
import type { AnyGridSpec } from '../../grids/types.ts';
import { useCanWrite } from '../../menu/access.ts';
import { usePageTitle } from '../../page.ts';
import type { DetailScreenProps } from '../types.ts';
import { lineLabels } from './explain.ts';
import './payroll.css';

type EmployeePayslip = Schemas['EmployeePayslip'];

type Section = 'allowances' | 'incentives' | 'thr' | 'bonuses' | 'deductions';

/** The sections in the spec's order, each a grid of the employee's items of the month. */
const sections = {
  allowances: { grid: employeeAllowancesGrid, label: 'payrollEmployee.sections.allowances' },
  incentives: { grid: employeeIncentivesGrid, label: 'payrollEmployee.sections.incentives' },
  thr: { grid: employeeThrBonusesGrid, label: 'payrollEmployee.sections.thr' },
  bonuses: { grid: employeeBonusesGrid, label: 'payrollEmployee.sections.bonuses' },
  deductions: { grid: employeeDeductionsGrid, label: 'payrollEmployee.sections.deductions' },
} as const satisfies Record<Section, { grid: AnyGridSpec; label: string }>;

const sectionOrder = ['allowances', 'incentives', 'thr', 'bonuses', 'deductions'] as const satisfies readonly Section[];

/** This month in Jakarta. */
export function currentMonth(now = new Date()): { year: number; month: number } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  return { year: year ?? now.getUTCFullYear(), month: month ?? now.getUTCMonth() + 1 };
}

const kindSections = {
  earning: 'payrollEmployee.earnings',
  deduction: 'payrollEmployee.deductions',
  tax: 'payrollEmployee.deductions',
  employer_contribution: 'payrollEmployee.employer',
  info: 'payrollEmployee.employer',
} as const satisfies Record<LineKind, string>;

export default function PayrollEmployee({ entry, id }: DetailScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const canWrite = useCanWrite('payroll-employees');
  const now = currentMonth();
  const year = Number(params.get('year')) || now.year;
  const month = Math.min(12, Math.max(1, Number(params.get('month')) || now.month));
  const [name, setName] = useState('');
  const [payslip, setPayslip] = useState<EmployeePayslip | null>(null);
  const [failed, setFailed] = useState(false);
  const period = `${year}-${String(month).padStart(2, '0')}`;
  usePageTitle(name ? `${name} · ${period}` : t(entry.labelKey));

  useEffect(() => {
    void call(api.GET('/v1/employees/{id}', { params: { path: { id } } }))
      .then((reply) => setName(String((reply.data as { fullname?: string }).fullname ?? '')))
      .catch(() => setFailed(true));
  }, [id]);

  const loadPayslip = useCallback(() => {
    void call(api.GET('/v1/payroll-employees/{id}/payslip', { params: { path: { id }, query: { year, month } } }))
      .then((reply) => setPayslip(reply.data))
      .catch(() => setFailed(true));
  }, [id, year, month]);
  useEffect(loadPayslip, [loadPayslip]);
  // Every write to the items recomputes the preview.
  useEffect(() => {
    const stops = sectionOrder.map((section) => onListWritten(sections[section].grid.path, loadPayslip));
    return () => {
      for (const stop of stops) stop();
    };
  }, [loadPayslip]);

  const fixed = useMemo(() => ({ employee: id, year: String(year), month: String(month) }), [id, year, month]);
  const setPeriod = (value: string) => {
    const [y, m] = value.split('-').map(Number);
    if (!y || !m) return;
    const next = new URLSearchParams(params);
    next.set('year', String(y));
    next.set('month', String(m));
    setParams(next, { replace: true });
  };

  const grouped = useMemo(() => {
    const groups = new Map<string, (Schemas['PayslipLine'] & { key: string })[]>();
    for (const [index, line] of (payslip?.payslip?.lines ?? []).entries()) {
      const group = kindSections[line.kind as LineKind] ?? kindSections.info;
      groups.set(group, [...(groups.get(group) ?? []), { ...line, key: `${line.code}:${index}` }]);
    }
    return groups;
  }, [payslip]);

  if (failed && !name) return <p className="muted">{t('payrollEmployee.notFound')}</p>;
  return (
    <>
      <header className="screen-header">
        <p className="trail muted">{t(entry.labelKey)}</p>
        <h1>{name ? t('payrollEmployee.title', { name, period }) : t(entry.labelKey)}</h1>
      </header>
      <div className="payroll-toolbar">
        <label>
          {t('payrollEmployee.month')}{' '}
          <input type="month" value={period} onChange={(event) => setPeriod(event.target.value)} />
        </label>
        {params.get('exit') === 'true' && <span className="badge">{t('payrollEmployee.leaving')}</span>}
        <button type="button" className="link" onClick={() => navigate('/dashboard/payroll-run')}>
          {t('payrollEmployee.toRun')}
        </button>
      </div>
      <div className="payroll-employee">
        <div className="payroll-employee-sections">
          {sectionOrder.map((section) => (
            <section key={section} className="payroll-employee-section">
              <h2>{t(sections[section].label)}</h2>
              <ResourceGrid
                key={`${section}:${id}:${period}`}
                spec={sections[section].grid}
                title={t(sections[section].label)}
                canWrite={canWrite}
                fixed={fixed}
                embedded
              />
            </section>
          ))}
        </div>
        <section className="payroll-employee-payslip" aria-label={t('payrollEmployee.payslip')}>
          <h2>{t('payrollEmployee.payslip')}</h2>
          {payslip?.source === 'run' && payslip.run && (
            <p className="muted">
              {t(
                payslip.run.status === 'completed' ? 'payrollEmployee.fromSavedRun' : 'payrollEmployee.fromPendingRun',
                {
                  title: payslip.run.title,
                },
              )}
            </p>
          )}
          {payslip?.source === 'preview' && <p className="muted">{t('payrollEmployee.preview')}</p>}
          {payslip?.source === 'none' && <p className="muted">{t('payrollEmployee.notPaid')}</p>}
          {payslip?.payslip && (
            <>
              {[...grouped.entries()].map(([group, lines]) => (
                <table key={group} className="payroll-employee-lines">
                  <caption>{t(group as (typeof kindSections)[LineKind])}</caption>
                  <tbody>
                    {lines.map((line) => (
                      <tr key={line.key}>
                        <th scope="row">
                          {t(lineLabels[line.code as keyof typeof lineLabels] ?? line.code)}
                          {line.name && line.name !== line.code ? ` (${line.name})` : ''}
                        </th>
                        <td>{formatRupiah(line.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ))}
              <dl className="payroll-employee-totals">
                <dt>{t('payrollRun.columns.bruto')}</dt>
                <dd>{formatRupiah(payslip.payslip.bruto)}</dd>
                <dt>{t('payrollRun.columns.pph21')}</dt>
                <dd>{formatRupiah(payslip.payslip.pph21)}</dd>
                <dt>{t('payrollRun.columns.thp')}</dt>
                <dd>
                  <strong>{formatRupiah(payslip.payslip.thp)}</strong>
                </dd>
              </dl>
            </>
          )}
        </section>
      </div>
    </>
  );
}
