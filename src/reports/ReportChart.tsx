/**
 * A report's chart beside its grid (the month reports, the job recap, the sales objectives) (AG Charts, decision 0084; its code loaded only when a chart is on screen), with
 * the same figures as a table behind a disclosure for the keyboard and screen readers. Its options: ./chartOptions.ts.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgChart } from '../components/useAgChart.ts';
import { chartValueText, type ReportChartSpec, reportChartOptions } from './chartOptions.ts';
import './report-chart.css';

export function ReportChart({ spec }: { spec: ReportChartSpec }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  // The figures, not the object: the shell builds the spec on every render.
  const key = JSON.stringify(spec);
  useAgChart(container, () => reportChartOptions(spec), [key]);
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
                  <td key={series.key}>{chartValueText(spec, row[series.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
