/**
 * A report's chart beside its grid (the month reports, the job recap, the sales objectives) (AG Charts, decision 0084; its code loaded only when a chart is on screen), with
 * the same figures as a table behind a disclosure for the keyboard and screen readers.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgChart } from '../components/useAgChart.ts';
import './report-chart.css';

export interface ReportChartSpec {
  /** The chart's accessible name and heading. */
  title: string;
  /** One entry per category (x axis), its label under `label`. */
  data: readonly ({ label: string } & Record<string, number | string>)[];
  series: readonly { key: string; name: string; kind?: 'bar' | 'line' }[];
  /** Stack the bars (parts of one whole). */
  stacked?: boolean;
}

export function ReportChart({ spec }: { spec: ReportChartSpec }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  // The figures, not the object: the shell builds the spec on every render.
  const key = JSON.stringify(spec);
  useAgChart(
    container,
    () => ({
      data: spec.data.map((row) => ({ ...row })),
      series: spec.series.map((series) =>
        series.kind === 'line'
          ? { type: 'line' as const, xKey: 'label', yKey: series.key, yName: series.name }
          : {
              type: 'bar' as const,
              xKey: 'label',
              yKey: series.key,
              yName: series.name,
              ...(spec.stacked ? { stacked: true } : {}),
            },
      ),
      axes: { x: { type: 'category', position: 'bottom' }, y: { type: 'number', position: 'left' } },
      legend: { position: 'bottom', enabled: spec.series.length > 1 },
      background: { visible: false },
    }),
    [key],
  );
  return (
    <figure className="month-report-chart" aria-label={spec.title}>
      <figcaption>{spec.title}</figcaption>
      <div ref={container} className="month-report-chart-canvas" role="img" aria-label={spec.title} />
      <details>
        <summary>{t('monthReports.chartTable')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col" />
              {spec.series.map((series) => (
                <th scope="col" key={series.key}>
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.data.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {spec.series.map((series) => (
                  <td key={series.key}>{row[series.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
