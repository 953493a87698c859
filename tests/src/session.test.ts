import { describe, expect, it } from 'vitest';
import {
  cleanToken,
  errorNotificationText,
  logoutPlan,
  meFailureAction,
  requestErrorAction,
  sentForOtherSession,
  sessionStatus,
  signedInRedirect,
} from '../../src/sessionRules.ts';

describe('session status (spec 4)', () => {
  it.each([
    [null, false, false, 'anonymous'],
    [null, true, false, 'anonymous'],
    [null, false, true, 'anonymous'],
    ['t', false, false, 'loading'],
    ['t', true, false, 'signed-in'],
    ['t', false, true, 'error'],
    ['t', true, true, 'signed-in'],
  ] as const)('token %j, user %j, error %j → %s', (token, hasUser, hasError, expected) => {
    expect(sessionStatus({ token, hasUser, hasError })).toBe(expected);
  });

  it.each([
    ['undefined', null],
    ['null', null],
    ['', null],
    [null, null],
    ['abc.def', 'abc.def'],
  ])('stored token %j → %j', (stored, expected) => {
    expect(cleanToken(stored)).toBe(expected);
  });
});

describe('GET auth/me failures', () => {
  it.each([
    [404, 'remove-token'],
    [401, 'remove-token'],
    [413, 'clear-storage'],
    [500, 'show-error'],
    [0, 'show-error'],
    [429, 'show-error'],
  ] as const)('%s → %s', (status, expected) => {
    expect(meFailureAction(status)).toBe(expected);
  });
});

describe('a signed-in user on guest pages goes to /dashboard/home unless acc_mgr', () => {
  it.each([
    ['/', '', true, '/dashboard/home'],
    ['/verification', '?token=x', true, '/dashboard/home'],
    ['/forgot-password', '', true, '/dashboard/home'],
    ['/dashboard/', '', true, '/dashboard/home'],
    ['/dashboard', '', true, '/dashboard/home'],
    ['/', '?acc_mgr=1', true, null],
    ['/dashboard/', '?acc_mgr', true, null],
    ['/', '', false, null],
    ['/register', '', true, null],
    ['/dashboard/home', '', true, null],
    ['/completion', '', true, null],
  ] as const)('%s%s signed in %j → %j', (path, search, signedIn, expected) => {
    expect(signedInRedirect(path, search, signedIn)).toBe(expected);
  });
});

describe('logout', () => {
  it.each([
    ['dev-token', { kind: 'restore', token: 'dev-token' }],
    [null, { kind: 'sign-out' }],
    ['', { kind: 'sign-out' }],
    ['undefined', { kind: 'sign-out' }],
  ] as const)('saved developer token %j → %j', (saved, expected) => {
    expect(logoutPlan(saved)).toEqual(expected);
  });
});

describe('request errors (spec 8)', () => {
  it.each([
    ['GET', 401, '/v1/employees', '/dashboard/active-employees', 'sign-out'],
    ['get', 401, '/v1/employees', '/dashboard/home', 'sign-out'],
    ['GET', 401, '/v1/employees', '/', 'notify'],
    ['POST', 401, '/v1/employees', '/dashboard/home', 'notify'],
    ['GET', 403, '/v1/logs', '/dashboard/home', 'notify'],
    ['PUT', 400, '/v1/employees/1', '/dashboard/edit/active-employees/1', 'notify'],
    ['GET', 500, '/v1/companies/id-card', '/dashboard/id-card', 'silent'],
    ['POST', 400, '/v1/id-card/template', '/dashboard/id-card', 'silent'],
    ['POST', 401, '/v1/auth/login', '/', 'silent'],
    ['POST', 400, '/v1/auth/register', '/register', 'silent'],
    ['GET', 500, '/v1/auth/me', '/dashboard/home', 'silent'],
    ['GET', 401, '/v1/auth/me', '/dashboard/home', 'sign-out'],
    ['GET', 404, '/v1/id-cards-report', '/dashboard/home', 'notify'],
  ] as const)('%s %s %s on %s → %s', (method, status, path, pagePath, expected) => {
    expect(requestErrorAction({ method, status, path, pagePath })).toBe(expected);
  });

  it.each([
    [{ code: 'forbidden', message: 'You do not have access to this' }, 'You do not have access to this'],
    [
      {
        code: 'validation_failed',
        message: 'Some fields are invalid',
        fields: {
          code: { code: 'unique', message: 'is already used' },
          name: { code: 'required', message: 'is required' },
        },
      },
      'Some fields are invalid; code: is already used; name: is required',
    ],
    [{ message: '' }, 'HTTP 500'],
    [null, 'HTTP 500'],
    ['<html>', 'HTTP 500'],
  ])('%j → %s', (body, expected) => {
    expect(errorNotificationText(body, 'HTTP 500')).toBe(expected);
  });
});

describe('a 401 for a replaced session', () => {
  it.each([
    ['Bearer old', 'new', true],
    ['Bearer new', 'new', false],
    [null, 'new', true],
    ['Bearer old', null, false],
    [null, null, false],
  ] as const)('sent %j, current %j → stale %j', (sent, current, stale) => {
    expect(sentForOtherSession(sent, current)).toBe(stale);
  });
});
