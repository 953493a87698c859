/**
 * The account section's form, pure: the employee's user account (`GET/PUT /v1/employees/:id/account`). A save sends
 * the changed fields only; a new password and blocking end the user's sessions, so they need a confirmation.
 */
import { isEmail, isPhone } from '../../../common/contact.ts';
import type { FieldError } from '../../employeeForm/form.ts';
import type { Account, AccountChanges } from './api.ts';

export interface AccountDraft {
  fullname: string;
  username: string;
  email: string;
  phone: string;
  photo_url: string | null;
  /** A new password; empty keeps the current one. */
  password: string;
  blocked: boolean;
}

export type AccountField = keyof AccountDraft;

export const accountFields = [
  'fullname',
  'username',
  'email',
  'phone',
  'password',
  'blocked',
] as const satisfies readonly AccountField[];

export const PASSWORD_MIN = 8;

export const accountDraft = (account: Account): AccountDraft => ({
  fullname: account.fullname,
  username: account.username,
  email: account.email ?? '',
  phone: account.phone ?? '',
  photo_url: account.photo_url,
  password: '',
  blocked: account.blocked,
});

const blankToNull = (text: string) => (text.trim() ? text.trim() : null);

/** The changed fields and the refused ones. */
export function accountChanges(
  account: Account,
  draft: AccountDraft,
): { changes: AccountChanges; errors: Partial<Record<AccountField, FieldError>> } {
  const changes: AccountChanges = {};
  const errors: Partial<Record<AccountField, FieldError>> = {};
  const fullname = draft.fullname.trim();
  const username = draft.username.trim();
  if (!fullname) errors.fullname = { key: 'validation.required' };
  else if (fullname !== account.fullname) changes.fullname = fullname;
  if (!username) errors.username = { key: 'validation.required' };
  else if (username !== account.username) changes.username = username;
  const email = blankToNull(draft.email);
  if (email !== null && !isEmail(email)) errors.email = { key: 'employeeDetail.errors.email' };
  else if (email !== account.email) changes.email = email;
  const phone = blankToNull(draft.phone.replace(/[\s()-]/g, ''));
  if (phone !== null && !isPhone(phone)) errors.phone = { key: 'employeeDetail.errors.phone' };
  else if (phone !== account.phone) changes.phone = phone;
  if (draft.photo_url !== account.photo_url) changes.photo_url = draft.photo_url;
  if (draft.password) {
    if (draft.password.length < PASSWORD_MIN)
      errors.password = { key: 'validation.minLength', params: { limit: PASSWORD_MIN } };
    else changes.password = draft.password;
  }
  if (draft.blocked !== account.blocked) changes.blocked = draft.blocked;
  return { changes, errors };
}

/** Whether saving these changes signs the user out everywhere (a new password, or blocking). */
export const endsSessions = (changes: AccountChanges): boolean =>
  changes.password !== undefined || changes.blocked === true;

/** Whether the form differs from the account. */
export const accountDirty = (account: Account, draft: AccountDraft): boolean => {
  const initial = accountDraft(account);
  return (Object.keys(initial) as AccountField[]).some((field) => initial[field] !== draft[field]);
};

/** Photos are images only (spec 5's uploads); the server checks the content too. */
export const isImage = (file: Pick<File, 'type'>): boolean => file.type.startsWith('image/');
