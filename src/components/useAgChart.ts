/**
 * Draws an AG Charts cartesian chart into `container` (docs/decisions/0084): the library's code is loaded only when a
 * chart is on screen (a dynamic import: the login page's budget does not carry it), the chart is drawn again when
 * `deps` change and destroyed when the screen goes. The one loader behind the home headcount, the report charts and
 * the developer's statistics.
 */

import type { AgCartesianChartOptions } from 'ag-charts-community';
import { type DependencyList, type RefObject, useEffect } from 'react';

export function useAgChart(
  container: RefObject<HTMLElement | null>,
  options: () => Omit<AgCartesianChartOptions, 'container'>,
  deps: DependencyList,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the options are built from.
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void (async () => {
      const charts = await import('ag-charts-community');
      const { AgCharts, ModuleRegistry } = charts;
      ModuleRegistry.registerModules([
        charts.CartesianChartModule,
        charts.BarSeriesModule,
        charts.LineSeriesModule,
        charts.CategoryAxisModule,
        charts.NumberAxisModule,
        charts.LegendModule,
      ]);
      if (cancelled || !container.current) return;
      chart = AgCharts.create({ ...options(), container: container.current });
    })();
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [...deps]);
}
