import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import id from '../../locales/id.json' with { type: 'json' };
import zh from '../../locales/zh.json' with { type: 'json' };
import { decimalPlaces, fieldErrorText } from '../../src/validation.ts';

const instance = i18next.createInstance();
await instance.init({
  resources: { en: { translation: en }, id: { translation: id }, zh: { translation: zh } },
  lng: 'en',
  interpolation: { escapeValue: false },
});
const t = instance.getFixedT('en');
const text = (code: string, params?: Record<string, unknown>) => fieldErrorText(t, { code, message: 'x', params });

describe('field error texts', () => {
  it('counts the decimals a multipleOf step allows', () => {
    expect([0.01, 0.1, 1, 0.001].map(decimalPlaces)).toEqual([2, 1, 0, 3]);
    expect([0.25, 500, 0.05].map(decimalPlaces)).toEqual([null, null, null]);
  });

  it('says how many decimals a decimal column takes, instead of "invalid"', () => {
    expect(text('multipleOf', { multipleOf: 0.01 })).toBe('Too many decimals: use at most 2');
    expect(text('multipleOf', { multipleOf: 1 })).toBe('Use a whole number');
    expect(text('multipleOf', { multipleOf: 0.25 })).toBe('Must be a multiple of 0.25');
    expect(
      fieldErrorText(instance.getFixedT('id'), { code: 'multipleOf', message: '', params: { multipleOf: 0.01 } }),
    ).toBe('Terlalu banyak desimal: maksimal 2 angka di belakang koma');
    expect(
      fieldErrorText(instance.getFixedT('zh'), { code: 'multipleOf', message: '', params: { multipleOf: 0.01 } }),
    ).toBe('小数位过多：最多 2 位小数');
  });

  it('explains the shared input checks: broken text, impossible dates, integers out of range', () => {
    expect(text('invalid_characters')).toBe('Contains a character that is not accepted (a NUL or a broken character)');
    expect(text('format', { format: 'date' })).toBe('Use a real date between 1900 and 2100');
    expect(text('date', { min: 1900, max: 2100 })).toBe('Use a real date between 1900 and 2100');
    expect(text('integer', { min: -32768, max: 32767 })).toBe('Use a whole number from -32768 to 32767');
    expect(text('format', { format: 'email' })).toBe('This is not a valid value');
  });

  it('covers the other keywords the API schemas can produce', () => {
    expect(text('exclusiveMinimum', { comparison: '>', limit: 0 })).toBe('Must be more than 0');
    expect(text('exclusiveMaximum', { comparison: '<', limit: 100 })).toBe('Must be less than 100');
    expect(text('const', { allowedValue: 'prorate' })).toBe('Only prorate is accepted here');
    expect(text('const', { allowedValue: { a: 1 } })).toBe('This value is invalid');
    expect(text('minItems', { limit: 1 })).toBe('Too few entries: at least 1');
    expect(text('maxItems', { limit: 10000 })).toBe('Too many entries: at most 10000');
    expect(text('uniqueItems', { i: 1, j: 0 })).toBe('Each entry may appear only once');
    expect(text('maxLength', { limit: 500 })).toBe('Use at most 500 characters');
    expect(text('anyOf')).toBe('This value is invalid');
  });
});
