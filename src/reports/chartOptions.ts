/**
 * A report chart's AG Charts options (decision 0084), apart from the component so that they can be tested: bars or
 * lines per series over the categories, and for money (integer rupiah) the axis in short words ('Rp 150 jt') and the
 * tooltips in full ('Rp 150.000.000'), as `src/format.ts` writes rupiah everywhere. Counts keep the library's numbers.
 */
import type { AgCartesianChartOptions } from 'ag-charts-community';
import { formatRupiah, formatRupiahCompact } from '../format.ts';

export interface ReportChartSpec {
  /** The chart's accessible name and heading. */
  title: string;
  /** One entry per category (x axis), its label under `label`. */
  data: readonly ({ label: string } & Record<string, number | string>)[];
  series: readonly { key: string; name: string; kind?: 'bar' | 'line' }[];
  /** Stack the bars (parts of one whole). */
  stacked?: boolean;
  /** The figures are rupiah: the axis, the tooltips and the table show them as money. */
  money?: boolean;
}

/** A figure as the chart's table and tooltips show it: rupiah in full for money, the number otherwise. */
export const chartValueText = (spec: Pick<ReportChartSpec, 'money'>, value: number | string | undefined): string =>
  spec.money && typeof value === 'number' ? formatRupiah(value) : String(value ?? '');

export function reportChartOptions(spec: ReportChartSpec): Omit<AgCartesianChartOptions, 'container'> {
  const tooltip = (name: string, key: string) =>
    spec.money
      ? {
          tooltip: {
            renderer: ({ datum }: { datum: Record<string, number | string> }) => ({
              heading: String(datum.label ?? ''),
              data: [{ label: name, value: chartValueText(spec, datum[key]) }],
            }),
          },
        }
      : {};
  return {
    data: spec.data.map((row) => ({ ...row })),
    series: spec.series.map((series) =>
      series.kind === 'line'
        ? {
            type: 'line' as const,
            xKey: 'label',
            yKey: series.key,
            yName: series.name,
            ...tooltip(series.name, series.key),
          }
        : {
            type: 'bar' as const,
            xKey: 'label',
            yKey: series.key,
            yName: series.name,
            ...(spec.stacked ? { stacked: true } : {}),
            ...tooltip(series.name, series.key),
          },
    ),
    axes: {
      x: { type: 'category', position: 'bottom' },
      y: {
        type: 'number',
        position: 'left',
        ...(spec.money ? { label: { formatter: ({ value }: { value: number }) => formatRupiahCompact(value) } } : {}),
      },
    },
    legend: { position: 'bottom', enabled: spec.series.length > 1 },
    background: { visible: false },
  };
}
