// @vitest-environment happy-dom
/**
 * The daily screen's Position tooltip (issue 24): an implausible move is said first, with its distance, minutes and
 * speed, then each clock's reported accuracy and address, in each language.
 */
import { describe, expect, it } from 'vitest';
import { evidenceText } from '../../../../src/screens/attendance/Daily.tsx';
import { fixedT } from '../../commands/fixtures.ts';

const evidence = {
  clock_in_accuracy: 18,
  clock_out_accuracy: 10,
  clock_in_ip: '198.51.100.7',
  clock_out_ip: '198.51.100.7',
  clock_in_travel: null,
  clock_out_travel: { km: 662.4, minutes: 20, kmh: 1987 },
  implausible: true,
};

describe('evidenceText', () => {
  it('says the move and the evidence in every language', () => {
    const en = evidenceText(fixedT('en'), evidence);
    expect(en.split('\n')[0]).toBe('Clock out: 662.4 km from the previous clock 20 min earlier (1987 km/h)');
    expect(en).toContain('±18 m');
    expect(en).toContain('198.51.100.7');
    for (const language of ['id', 'zh'] as const) {
      const text = evidenceText(fixedT(language), evidence);
      expect(text).toContain('662.4');
      expect(text).not.toContain('attendance.daily');
    }
  });

  it('is empty for a day without clock requests', () => {
    const none = { ...evidence, clock_in_ip: null, clock_out_ip: null, clock_out_travel: null, implausible: false };
    expect(evidenceText(fixedT('en'), none)).toBe('');
  });
});
