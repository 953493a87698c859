import { describe, expect, it } from 'vitest';
import {
  accountChanges,
  accountDirty,
  accountDraft,
  endsSessions,
  isImage,
} from '../../../../src/screens/employee/account.ts';
import type { Account } from '../../../../src/screens/employee/api.ts';

const account: Account = {
  _id: 'user-1',
  fullname: 'Ratna Wulandari',
  username: 'ratna',
  email: 'ratna@example.com',
  phone: null,
  photo_url: null,
  blocked: false,
  level: 'employee',
  activated: true,
};

describe('the account form', () => {
  it('sends only what changed; an empty password keeps the current one', () => {
    const draft = accountDraft(account);
    expect(accountDirty(account, draft)).toBe(false);
    expect(accountChanges(account, draft)).toEqual({ changes: {}, errors: {} });
    const edited = { ...draft, phone: '0812 3456 789', photo_url: '/v1/files/abc.png' };
    expect(accountDirty(account, edited)).toBe(true);
    expect(accountChanges(account, edited).changes).toEqual({ phone: '08123456789', photo_url: '/v1/files/abc.png' });
  });

  it('requires a full name and a username, and checks the email, phone and password length', () => {
    const draft = { ...accountDraft(account), fullname: ' ', username: '', email: 'x', phone: '12', password: 'short' };
    const { errors, changes } = accountChanges(account, draft);
    expect(Object.keys(errors).sort()).toEqual(['email', 'fullname', 'password', 'phone', 'username']);
    expect(errors.password).toEqual({ key: 'validation.minLength', params: { limit: 8 } });
    expect(changes).toEqual({});
  });

  it('asks before a new password or blocking, which sign the user out', () => {
    const draft = accountDraft(account);
    const password = accountChanges(account, { ...draft, password: 'a-long-password' }).changes;
    expect(password).toEqual({ password: 'a-long-password' });
    expect(endsSessions(password)).toBe(true);
    expect(endsSessions(accountChanges(account, { ...draft, blocked: true }).changes)).toBe(true);
    expect(endsSessions(accountChanges(account, { ...draft, fullname: 'Ratna W.' }).changes)).toBe(false);
    expect(endsSessions({ blocked: false })).toBe(false);
  });

  it('takes images only for the photo', () => {
    expect(isImage({ type: 'image/png' })).toBe(true);
    expect(isImage({ type: 'application/pdf' })).toBe(false);
  });
});
