import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormula } from '../../../src/grids/safeCell.ts';

describe('neutraliseFormula (OWASP CSV injection)', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+62812', "'+62812"],
    ['-5', "'-5"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'],
    // Issue 10 section 7: a leading line break or white space before the formula character.
    ['\n=1+1', "'\n=1+1"],
    ['\nBudi', "'\nBudi"],
    [' =1', "' =1"],
    ['   +62812', "'   +62812"],
    [' \t-5', "' \t-5"],
    ['\u00a0@cmd', "'\u00a0@cmd"],
    ['\r\n=cmd|" /C calc"!A0', '\'\r\n=cmd|" /C calc"!A0'],
  ])('V1.2.10 formula injection: %j → %j', (text, safe) => {
    expect(neutraliseFormula(text)).toBe(safe);
  });

  it.each(['Budi Santoso', '0812345678', '2024-01-31', '', ' Budi', "'quoted'", 'a=b', '5-3', 'Budi\n=1'])(
    'leaves %j alone',
    (text) => {
      expect(neutraliseFormula(text)).toBe(text);
    },
  );
});

describe('restoreFormula', () => {
  it.each(['=SUM(A1)', '-5', '+62', '@x', '\t=1', '\n=1', ' =1', 'Budi', "'quoted'", "'", ''])(
    'undoes neutraliseFormula for %j',
    (text) => {
      expect(restoreFormula(neutraliseFormula(text))).toBe(text);
    },
  );

  it('removes only an apostrophe neutraliseFormula could have added', () => {
    expect(restoreFormula("'=1")).toBe('=1');
    expect(restoreFormula("'Budi")).toBe("'Budi");
    expect(restoreFormula("''=1")).toBe("''=1");
  });
});
