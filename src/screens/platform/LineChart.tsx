/**
 * A line chart of figures per month (the developer's statistics, issue 26): AG Charts (docs/decisions/0084), its code
 * loaded only when a chart is on screen, one line per series. The screen shows the same figures as a table beside it,
 * for the keyboard and screen readers; the chart itself is an image to them (`aria-hidden`).
 */
import { useRef } from 'react';
import { useAgChart } from '../../components/useAgChart.ts';

export interface ChartSeries {
  key: string;
  name: string;
}

export default function LineChart({
  data,
  series,
  yTitle,
}: {
  /** One object per month: `label` (the month as shown) and a number under each series' key. */
  data: readonly Record<string, string | number | null>[];
  series: readonly ChartSeries[];
  yTitle: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useAgChart(
    container,
    () => ({
      data: data.map((row) => ({ ...row })),
      series: series.map((line) => ({ type: 'line' as const, xKey: 'label', yKey: line.key, yName: line.name })),
      axes: {
        x: { type: 'category', position: 'bottom' },
        y: { type: 'number', position: 'left', title: { text: yTitle } },
      },
      legend: { position: 'bottom' },
      background: { visible: false },
    }),
    [data, series, yTitle],
  );
  return <div className="platform-chart" ref={container} aria-hidden="true" />;
}
