import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { loggerOptions, terseLine } from '../../../server/http/logging.ts';

describe('terminal logging', () => {
  it('turns a pino JSON line into one terse line, keeping what was logged beside the message', () => {
    const time = new Date(2026, 10, 23, 9, 5, 7).getTime();
    const line = terseLine(
      JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: 'req-1', msg: 'link issued', kind: 'reset' }),
    );
    expect(line).toBe('09:05:07 info  link issued kind=reset\n');
  });

  it("adds an error's stack on the next line", () => {
    const line = terseLine(
      JSON.stringify({ level: 50, time: 0, msg: 'unhandled error', err: { stack: 'Error: x\n  at y' } }),
    );
    expect(line).toMatch(/ error unhandled error\n {2}Error: x\n {2}at y\n$/);
  });

  it('escapes control characters in every logged string, so that a value cannot forge a line of its own', () => {
    const forged = 'Eve\n02:50:00 error FORGED LOG LINE';
    const line = terseLine(
      JSON.stringify({
        level: 30,
        time: 0,
        msg: `imported ${forged}`,
        fullName: forged,
        [`key\r${forged}`]: 1,
        colour: '\u001b[31mred',
        err: { message: forged, stack: `Error: ${forged}\n    at import (server/employees/import.ts:1:1)` },
      }),
    );
    const lines = line.trimEnd().split('\n');
    // The entry's line and the error's stack (its message and one frame), each below the first indented.
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('imported Eve\\n02:50:00 error FORGED LOG LINE');
    expect(lines[0]).toContain('fullName=Eve\\n02:50:00 error FORGED LOG LINE');
    expect(lines[0]).toContain('key\\rEve\\n02:50:00');
    expect(lines[0]).toContain('colour=\\u001b[31mred');
    expect(lines[1]).toBe('  Error: Eve\\n02:50:00 error FORGED LOG LINE');
    expect(lines[2]).toBe('    at import (server/employees/import.ts:1:1)');
    expect(line).not.toMatch(/^\d\d:\d\d:\d\d error FORGED/m);
  });

  it('is JSON for production and terse, with requests at debug, in a terminal or the embedded demo', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({}).logFormat).toBe('pretty');
    const production = loggerOptions({ ...loadConfig({}), logFormat: 'json' });
    expect(production.logController).toBeUndefined();
    expect(production.logger).not.toHaveProperty('stream');
    const terminal = loggerOptions({ ...loadConfig({}), logFormat: 'pretty' });
    expect(terminal.logController).toBeDefined();
    expect(terminal.logger).toHaveProperty('stream');
  });
});
