import { describe, expect, it } from 'vitest';
import { chartValueText, type ReportChartSpec, reportChartOptions } from '../../../src/reports/chartOptions.ts';

type Formatter = (params: { value: number }) => string;
type Renderer = (params: { datum: Record<string, number | string> }) => {
  heading?: string;
  data?: { label: string; value: string }[];
};

const spec = (money: boolean): ReportChartSpec => ({
  title: 'Daily payrolls',
  data: [{ label: 'Daily payroll 1', wages: 150_000_000, incentives: 2_500_000 }],
  series: [
    { key: 'wages', name: 'Wages' },
    { key: 'incentives', name: 'Incentives', kind: 'line' },
  ],
  stacked: true,
  ...(money ? { money: true } : {}),
});

describe('reportChartOptions', () => {
  it('writes a money axis in short rupiah words and its tooltips in full rupiah', () => {
    const options = reportChartOptions(spec(true));
    const y = (options.axes as { y: { label?: { formatter?: Formatter } } }).y;
    expect(y.label?.formatter?.({ value: 150_000_000 })).toBe('Rp 150 jt');
    expect(y.label?.formatter?.({ value: 0 })).toBe('Rp 0');
    const series = options.series as unknown as { yKey: string; tooltip?: { renderer?: Renderer } }[];
    const datum = spec(true).data[0] as Record<string, number | string>;
    expect(series.map((s) => s.tooltip?.renderer?.({ datum }))).toEqual([
      { heading: 'Daily payroll 1', data: [{ label: 'Wages', value: 'Rp 150.000.000' }] },
      { heading: 'Daily payroll 1', data: [{ label: 'Incentives', value: 'Rp 2.500.000' }] },
    ]);
  });

  it('leaves counts to the library: no axis formatter, no tooltip renderer', () => {
    const options = reportChartOptions(spec(false));
    expect((options.axes as { y: { label?: unknown } }).y.label).toBeUndefined();
    for (const series of options.series as unknown as { tooltip?: unknown }[]) expect(series.tooltip).toBeUndefined();
  });

  it('shows the table figures as rupiah for money and as numbers otherwise', () => {
    expect(chartValueText({ money: true }, 150_000_000)).toBe('Rp 150.000.000');
    expect(chartValueText({}, 12)).toBe('12');
  });
});
