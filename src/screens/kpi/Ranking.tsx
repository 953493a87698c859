/**
 * A period's ranking per department: a department filter, the ranked table (rank, employee, score, the formula) and
 * the distribution of scores as an AG Charts bar chart (its code loaded when shown, decision 0084), the same counts
 * in the chart's accessible description. Export writes every department's ranking with each indicator's achievement.
 */
import type { ColDef } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadWorkbook, fileDate, sheetName } from '../../grids/export.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { toast } from '../../overlays/progress.ts';
import type { KpiAssessment, KpiResult } from './api.ts';
import { bucketOf, buckets } from './sheet.ts';

export async function exportRanking(
  t: TFunction,
  assessment: KpiAssessment,
  results: readonly KpiResult[],
): Promise<string> {
  const XLSX = await import('xlsx');
  const indicators = [...new Set(results.flatMap((r) => r.lines.map((line) => line.indicator)))];
  const header = [
    t('kpi.ranking.department'),
    t('kpi.ranking.rank'),
    t('kpi.ranking.employeeNumber'),
    t('kpi.ranking.employee'),
    t('kpi.ranking.rule'),
    t('kpi.ranking.score'),
    t('kpi.ranking.formula'),
    ...indicators,
  ];
  const rows = results.map((r) => [
    r.department_name ?? '',
    r.rank,
    r.employee_number,
    r.employee_name,
    r.rule_name,
    r.score,
    r.formula,
    ...indicators.map((name) => r.lines.find((line) => line.indicator === name)?.achievement ?? ''),
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  sheet['!cols'] = header.map((_, i) => ({ wch: i === 6 ? 48 : i === 3 ? 28 : 16 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName(`${assessment.rule.name} ${assessment.name}`, 'KPI'));
  const file = `kpi-${assessment.name}-${fileDate()}.xlsx`;
  downloadWorkbook(XLSX, book, file);
  toast(t('export.done', { count: results.length, file }), 'success');
  return file;
}

export function Ranking({ results }: { results: readonly KpiResult[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [department, setDepartment] = useState('');
  const departments = useMemo(
    () =>
      [...new Map(results.map((r) => [r.department ?? '', r.department_name ?? t('kpi.ranking.noDepartment')]))]
        .map(([key, name]) => ({ key, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    [results, t],
  );
  const shown = useMemo(
    () => (department ? results.filter((r) => (r.department ?? '') === department) : results),
    [results, department],
  );
  const counts = useMemo(() => {
    const count = new Map<string, number>(buckets.map((b) => [b, 0]));
    for (const r of shown) count.set(bucketOf(r.score), (count.get(bucketOf(r.score)) ?? 0) + 1);
    return buckets.map((bucket) => ({ bucket, count: count.get(bucket) ?? 0 }));
  }, [shown]);
  const columns = useMemo<ColDef<KpiResult>[]>(
    () => [
      { field: 'department_name', headerName: t('kpi.ranking.department'), width: 200 },
      { field: 'rank', headerName: t('kpi.ranking.rank'), width: 90 },
      { field: 'employee_name', headerName: t('kpi.ranking.employee'), width: 220 },
      { field: 'employee_number', headerName: t('kpi.ranking.employeeNumber'), width: 130 },
      { field: 'score', headerName: t('kpi.ranking.score'), width: 100, sort: 'desc' },
      { field: 'formula', headerName: t('kpi.ranking.formula'), flex: 1, minWidth: 320, tooltipField: 'formula' },
    ],
    [t],
  );

  const chart = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let made: { destroy(): void } | undefined;
    let cancelled = false;
    void (async () => {
      const charts = await import('ag-charts-community');
      charts.ModuleRegistry.registerModules([
        charts.CartesianChartModule,
        charts.BarSeriesModule,
        charts.CategoryAxisModule,
        charts.NumberAxisModule,
      ]);
      if (cancelled || !chart.current) return;
      made = charts.AgCharts.create({
        container: chart.current,
        data: counts,
        series: [{ type: 'bar', xKey: 'bucket', yKey: 'count', yName: t('kpi.ranking.people') }],
        axes: {
          x: { type: 'category', position: 'bottom', title: { text: t('kpi.ranking.score') } },
          y: { type: 'number', position: 'left', title: { text: t('kpi.ranking.people') } },
        },
        background: { visible: false },
      });
    })();
    return () => {
      cancelled = true;
      made?.destroy();
    };
  }, [counts, t]);

  return (
    <section className="kpi-ranking" aria-labelledby={`${id}-title`}>
      <div className="grid-toolbar">
        <h2 id={`${id}-title`}>{t('kpi.ranking.title')}</h2>
        <label className="grid-date">
          {t('kpi.ranking.department')}
          <select value={department} onChange={(event) => setDepartment(event.target.value)}>
            <option value="">{t('kpi.ranking.allDepartments')}</option>
            {departments.map((d) => (
              <option key={d.key} value={d.key}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="kpi-ranking-body">
        <div className="kpi-ranking-grid">
          <AgGridReact<KpiResult>
            modules={gridModules}
            theme={gridTheme}
            rowData={shown as KpiResult[]}
            columnDefs={columns}
            getRowId={(p) => p.data.employee}
            enableBrowserTooltips
            overlayNoRowsTemplate={`<span>${t('kpi.ranking.empty')}</span>`}
          />
        </div>
        <figure className="kpi-chart">
          <div
            ref={chart}
            className="kpi-chart-canvas"
            role="img"
            aria-label={t('kpi.ranking.chart', {
              counts: counts.map((c) => `${c.bucket}: ${c.count}`).join(', '),
            })}
          />
          <figcaption>{t('kpi.ranking.distribution')}</figcaption>
        </figure>
      </div>
    </section>
  );
}
