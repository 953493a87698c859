import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createEnumLookup } from '../../../src/grids/enumLookup.ts';
import { lookupKey } from '../../../src/grids/lookupKey.ts';

function makeI18n() {
  const instance = i18next.createInstance();
  void instance.init({
    resources: {
      en: { translation: { enums: { payType: { monthly: 'Monthly', weekly: 'Weekly', daily: 'Daily' } } } },
      id: { translation: { enums: { payType: { monthly: 'Bulanan', weekly: 'Mingguan', daily: 'Harian' } } } },
      zh: { translation: { enums: { payType: { monthly: '月薪', weekly: '周薪', daily: 'Daily' } } } },
    },
    lng: 'en',
    initAsync: false,
  });
  return instance;
}

describe('createEnumLookup', () => {
  it('maps values and labels in en, id and zh to the value, keys lower-cased and trimmed', () => {
    const lookup = createEnumLookup(makeI18n());
    expect(Object.fromEntries(lookup('payType'))).toEqual({
      monthly: 'monthly',
      weekly: 'weekly',
      daily: 'daily',
      bulanan: 'monthly',
      mingguan: 'weekly',
      harian: 'daily',
      月薪: 'monthly',
      周薪: 'weekly',
    });
    expect(lookup('payType').get(lookupKey('  BULANAN '))).toBe('monthly');
  });

  it('is empty for a key without labels', () => {
    expect(createEnumLookup(makeI18n())('nothing').size).toBe(0);
  });

  it('reads the bundles once per key', () => {
    const i18n = makeI18n();
    const spy = vi.spyOn(i18n, 'getResourceBundle');
    const lookup = createEnumLookup(i18n);
    const first = lookup('payType');
    expect(spy).toHaveBeenCalledTimes(3);
    expect(lookup('payType')).toBe(first);
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('lets a value win over a label, and an earlier language over a later one', () => {
    const lookup = createEnumLookup({
      getResourceBundle: (language: string) =>
        ({
          en: { enums: { k: { a: 'B', b: 'Shared' } } },
          id: { enums: { k: { a: 'Shared', b: 'Bee' } } },
          zh: undefined,
        })[language],
    });
    const map = lookup('k');
    expect(map.get('b')).toBe('b');
    expect(map.get('shared')).toBe('b');
    expect(map.get('bee')).toBe('b');
  });

  it('ignores labels that are not text and bundles that are missing', () => {
    const lookup = createEnumLookup({
      getResourceBundle: (language: string) =>
        language === 'en' ? { enums: { k: { a: 'Ay', b: { nested: 'x' } } } } : null,
    });
    expect(Object.fromEntries(lookup('k'))).toEqual({ a: 'a', b: 'b', ay: 'a' });
  });
});

describe('lookupKey', () => {
  it('trims, collapses whitespace, lower-cases and folds full-width forms', () => {
    expect(lookupKey('  PT   Demo\tNusantara ')).toBe('pt demo nusantara');
    expect(lookupKey('ＥＭＰ－００１')).toBe('emp-001');
  });
});
