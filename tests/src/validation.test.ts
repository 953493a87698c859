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
    expect(text('format', { format: 'email' })).toBe('An email address such as name@example.com');
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

describe('pattern, format and type refusals in words', () => {
  it('says each known pattern in words, never the regular expression', () => {
    expect(text('pattern', { pattern: '^[A-Za-z0-9._-]{1,30}$' })).toBe(
      'Letters, digits, dot, dash and underscore only; at most 30 characters',
    );
    expect(text('pattern', { pattern: '^[A-Za-z0-9._/-]{1,30}$' })).toBe(
      'Letters, digits, dot, slash, dash and underscore only; at most 30 characters',
    );
    expect(text('pattern', { pattern: '^[a-zA-Z0-9._-]{3,60}$' })).toBe(
      'Letters, digits, dot, dash and underscore only; 3 to 60 characters',
    );
    expect(text('pattern', { pattern: '^[A-Z0-9]{1,20}$' })).toBe(
      'Capital letters and digits only; at most 20 characters',
    );
    expect(text('pattern', { pattern: '^\\+?[0-9]{8,15}$' })).toMatch(/^A phone number of 8 to 15 digits/);
    expect(text('pattern', { pattern: '^https?://\\S{1,2000}$' })).toBe(
      'A web address starting with http:// or https://',
    );
  });

  it('reads the digits-only family (NIK, NPWP, postal codes) from the pattern itself', () => {
    expect(text('pattern', { pattern: '^[0-9]{16,16}$' })).toBe('Digits only; exactly 16 digits');
    expect(text('pattern', { pattern: '^[0-9]{1,3}$' })).toBe('Digits only; at most 3 digits');
    expect(text('pattern', { pattern: '^[0-9]{8,16}$' })).toBe('Digits only; 8 to 16 digits');
  });

  it('falls back to a generic text for a pattern it does not know', () => {
    expect(text('pattern', { pattern: '^[a-f0-9]{32}\\.[a-z]{3,4}$' })).toBe('This format is not accepted');
    expect(text('pattern')).toBe('This format is not accepted');
  });

  it('translates every pattern text', () => {
    const pattern = { code: 'pattern', message: 'must match pattern', params: { pattern: '^[A-Za-z0-9._-]{1,30}$' } };
    expect(fieldErrorText(instance.getFixedT('id'), pattern)).toBe(
      'Hanya huruf, angka, titik, tanda hubung, dan garis bawah; paling banyak 30 karakter',
    );
    expect(fieldErrorText(instance.getFixedT('zh'), pattern)).toBe(
      '仅限字母、数字、点、连字符和下划线；最多 30 个字符',
    );
  });

  it('says formats and types as what the field takes', () => {
    expect(text('format', { format: 'email' })).toBe('An email address such as name@example.com');
    // The API's date format refuses impossible dates and years outside 1900-2100: the text says so.
    expect(text('format', { format: 'date' })).toBe('Use a real date between 1900 and 2100');
    expect(text('format', { format: 'hostname' })).toBe('This is not a valid value');
    expect(text('type', { type: 'integer' })).toBe('Enter a whole number');
    expect(text('type', { type: 'number,null' })).toBe('Enter a number');
    expect(text('type', { type: 'object' })).toBe('This value has the wrong type');
    expect(text('maxLength', { limit: 30 })).toBe('Use at most 30 characters');
    expect(text('required', { missingProperty: 'code' })).toBe('This field is required');
  });
});
