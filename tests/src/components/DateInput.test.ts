import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import id from '../../../locales/id.json' with { type: 'json' };
import zh from '../../../locales/zh.json' with { type: 'json' };
import { dateProblemText, readDateText } from '../../../src/components/DateInput.tsx';

const instance = i18next.createInstance();
await instance.init({
  resources: { en: { translation: en }, id: { translation: id }, zh: { translation: zh } },
  lng: 'en',
  interpolation: { escapeValue: false },
});

describe("a date field's problem in words (issue 25)", () => {
  it("says a day past the month's end does not exist, in the language", () => {
    expect(dateProblemText(instance.getFixedT('en'), '31/02/2027', 'en')).toBe('31 February does not exist');
    expect(dateProblemText(instance.getFixedT('id'), '31/02/2027', 'id')).toBe('Tanggal 31 Februari tidak ada');
    expect(dateProblemText(instance.getFixedT('zh'), '31-04-2027', 'zh')).toMatch(/31日不存在$/);
    expect(dateProblemText(instance.getFixedT('en'), '2027-09-31', 'en')).toBe('31 September does not exist');
    expect(dateProblemText(instance.getFixedT('en'), '29/02/2027', 'en')).toBe('29 February does not exist');
  });

  it('gives the format for other text, and nothing for a day or an empty field', () => {
    const t = instance.getFixedT('en');
    expect(dateProblemText(t, '31/13/2027', 'en')).toBe('A date such as 31/12/2024');
    expect(dateProblemText(t, 'tomorrow', 'en')).toBe('A date such as 31/12/2024');
    expect(dateProblemText(t, '29/02/2028', 'en')).toBeNull();
    expect(dateProblemText(t, '  ', 'en')).toBeNull();
    expect(readDateText('02/12/2026')).toBe('2026-12-02');
  });
});
