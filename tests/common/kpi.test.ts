import { describe, expect, it } from 'vitest';
import { achievement, finalScore, formulaText, periodBounds, periodName } from '../../common/kpi.ts';

describe('KPI scoring', () => {
  it('reaches a target by its type, capped at 120', () => {
    expect(achievement({ weight: 1, target_type: 'higher_better', target: 200 }, 150)).toBe(75);
    expect(achievement({ weight: 1, target_type: 'higher_better', target: 100 }, 500)).toBe(120);
    expect(achievement({ weight: 1, target_type: 'lower_better', target: 2 }, 4)).toBe(50);
    expect(achievement({ weight: 1, target_type: 'lower_better', target: 2 }, 0)).toBe(120);
    expect(achievement({ weight: 1, target_type: 'yes_no', target: null }, 1)).toBe(100);
    expect(achievement({ weight: 1, target_type: 'yes_no', target: null }, 0)).toBe(0);
    expect(achievement({ weight: 1, target_type: 'higher_better', target: null }, 87)).toBe(87);
  });
  it('weights the mean of the steps and shows the formula', () => {
    const indicators = [
      { id: 'a', weight: 40, target_type: 'higher_better' as const, target: 100 },
      { id: 'b', weight: 60, target_type: 'yes_no' as const, target: null },
    ];
    const result = finalScore(indicators, [
      { a: 90, b: 1 },
      { a: 100, b: 0 },
    ]);
    expect(result).toEqual({
      score: 68,
      lines: [
        { indicator: 'a', weight: 40, achievement: 95 },
        { indicator: 'b', weight: 60, achievement: 50 },
      ],
    });
    expect(formulaText(result!.lines, result!.score)).toBe('(40 × 95 + 60 × 50) ÷ 100 = 68');
    expect(finalScore(indicators, [{ a: 90 }])).toBeNull();
  });
  it('names periods and their bounds', () => {
    expect(periodBounds('quarter', '2026-08-15')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(periodBounds('month', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodBounds('year', '2026-08-15')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(periodName('quarter', '2026-07-01')).toBe('2026-Q3');
    expect(periodName('month', '2026-07-01')).toBe('2026-07');
  });
});
