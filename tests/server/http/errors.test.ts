import { describe, expect, it } from 'vitest';
import { loggableError } from '../../../server/http/errors.ts';

describe('loggableError', () => {
  it("keeps an Error's type, message and stack", () => {
    const logged = loggableError(new TypeError('boom'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'boom' });
    expect(String(logged.stack)).toContain('boom');
  });

  it('says what a thrown non-Error was (the log line was empty for it)', () => {
    expect(loggableError('a string')).toEqual({ type: 'string', message: 'a string' });
    expect(loggableError({ reason: 'x' })).toEqual({ type: 'object', message: '{"reason":"x"}' });
    expect(loggableError(undefined)).toEqual({ type: 'undefined', message: 'undefined' });
  });
});
