import { describe, expect, it } from 'vitest';
import { compactPhone, displayPhone, isPhone } from '../../common/contact.ts';

describe('phone numbers shown one way', () => {
  it('shows Indonesian mobile numbers as +62 and groups, however they were typed', () => {
    for (const typed of ['081234567890', '0812-3456-7890', '+6281234567890', '+62 812 3456 7890', '(0812) 3456 7890'])
      expect(displayPhone(typed)).toBe('+62 812 3456 7890');
    expect(displayPhone('0812345678')).toBe('+62 812 345 678');
    expect(displayPhone('08123456789')).toBe('+62 812 3456 789');
  });

  it('groups landlines after their area code', () => {
    expect(displayPhone('02150938800')).toBe('+62 21 5093 8800');
    expect(displayPhone('0274 512345')).toBe('+62 274 512 345');
  });

  it('leaves numbers of other countries compact and other text as it is', () => {
    expect(displayPhone('+65 9123 4567')).toBe('+6591234567');
    expect(displayPhone('ask the front desk')).toBe('ask the front desk');
    expect(displayPhone('')).toBe('');
  });

  it('compacts what people write between the digits, for the server rule', () => {
    expect(compactPhone('0812-3456 7890')).toBe('081234567890');
    expect(isPhone(compactPhone('+62 (812) 3456.7890'))).toBe(true);
  });
});
