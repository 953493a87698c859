/**
 * Catches queries sent to a pg client that is still running one: `Promise.all` of queries on a transaction (one
 * connection) rather than on the pool. node-postgres queues them, and warns ("Calling client.query() when the client is
 * already executing a query", an error from pg 9), but only from the third query at once and once a process; so the
 * watch wraps `Client.prototype.query` and counts each client's queries in flight itself. Both are reported: the
 * overlaps as they happen (`take()`), and the driver's warning if it was printed at all (`warnings`).
 */
import pg from 'pg';

export interface QueryOverlapWatch {
  /** The overlapping queries since the last call (their SQL's first line), emptied. */
  take(): string[];
  /** The driver's "already executing a query" warnings seen since the watch started. */
  warnings: string[];
  stop(): void;
}

export function watchQueryOverlap(): QueryOverlapWatch {
  const inFlight = new WeakMap<object, number>();
  let overlaps: string[] = [];
  const warnings: string[] = [];
  const onWarning = (warning: Error) => {
    if (warning.message.includes('already executing a query')) warnings.push(warning.message);
  };
  process.on('warning', onWarning);

  const original = pg.Client.prototype.query;
  const textOf = (config: unknown) =>
    (typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '?'))
      .trim()
      .split('\n')[0]
      ?.slice(0, 160) ?? '';
  // biome-ignore lint/suspicious/noExplicitAny: wraps every overload of pg's query
  pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
    const busy = inFlight.get(this) ?? 0;
    if (busy > 0) overlaps.push(textOf(args[0]));
    inFlight.set(this, busy + 1);
    const done = () => inFlight.set(this, Math.max(0, (inFlight.get(this) ?? 1) - 1));
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...reply: unknown[]) => {
        done();
        return last(...reply);
      };
      return original.apply(this, args as never);
    }
    const result = original.apply(this, args as never) as unknown;
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  } as typeof original;

  return {
    take() {
      const out = overlaps;
      overlaps = [];
      return out;
    },
    warnings,
    stop() {
      pg.Client.prototype.query = original;
      process.off('warning', onWarning);
    },
  };
}
