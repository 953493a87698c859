/**
 * The 12-month headcount by department: an AG Charts stacked bar chart (docs/decisions/0084), its code loaded only
 * when the chart is on screen (a dynamic import: the login page's budget does not carry it), and the same figures
 * as a table behind a disclosure, for the keyboard and screen readers. Month names in the page's language.
 */
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgChart } from '../../components/useAgChart.ts';

export interface HeadcountRow {
  month: string;
  department: string | null;
  name: string | null;
  count: number;
}

const monthLabel = (month: string, language: string) =>
  new Intl.DateTimeFormat(language === 'zh' ? 'zh-CN' : language === 'id' ? 'id-ID' : 'en-GB', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));

export default function HeadcountChart({ rows, titleId }: { rows: readonly HeadcountRow[]; titleId: string }) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const language = i18n.language;
  const { months, departments, table } = useMemo(() => {
    const months = [...new Set(rows.map((row) => row.month))].sort();
    const departments = [...new Map(rows.map((row) => [row.department ?? '', row.name ?? ''])).entries()]
      .map(([id, name]) => ({ key: `d${id || 'none'}`, name: name || t('home.people.noDepartment') }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const table = months.map((month) => {
      const values: Record<string, number> = {};
      for (const row of rows) if (row.month === month) values[`d${row.department ?? 'none'}`] = row.count;
      const total = Object.values(values).reduce((sum, n) => sum + n, 0);
      return { month, label: monthLabel(month, language), values, total };
    });
    return { months, departments, table };
  }, [rows, language, t]);

  useAgChart(
    container,
    () => ({
      data: table.map((row) => ({ month: row.label, ...row.values })),
      series: departments.map((department) => ({
        type: 'bar' as const,
        xKey: 'month',
        yKey: department.key,
        yName: department.name,
        stacked: true,
      })),
      axes: {
        x: { type: 'category', position: 'bottom' },
        y: { type: 'number', position: 'left', title: { text: t('home.people.employees') } },
      },
      legend: { position: 'bottom' },
      background: { visible: false },
    }),
    [table, departments, t],
  );

  return (
    <>
      <div ref={container} className="home-chart" role="img" aria-labelledby={titleId} />
      <details className="home-chart-table">
        <summary>{t('home.chartTable')}</summary>
        <div className="home-table-scroll">
          <table>
            <caption className="visually-hidden">{t('home.people.chart')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('home.people.month')}</th>
                {departments.map((department) => (
                  <th scope="col" key={department.key}>
                    {department.name}
                  </th>
                ))}
                <th scope="col">{t('home.people.total')}</th>
              </tr>
            </thead>
            <tbody>
              {table.map((row) => (
                <tr key={row.month}>
                  <th scope="row">{row.label}</th>
                  {departments.map((department) => (
                    <td key={department.key}>{row.values[department.key] ?? 0}</td>
                  ))}
                  <td>{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {months.length === 0 && <p className="muted">{t('home.empty')}</p>}
    </>
  );
}
