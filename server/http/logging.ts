import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';

const redact = ['req.headers.authorization', 'req.headers.cookie', 'body.password'];

/** pino's numeric levels, as words. */
const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
/** Keys every pino line has, or that a terse line leaves out. */
const omitted = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err', 'responseTime']);

/** One pino JSON line as a terse line of text: `12:03:04 warn  message key=value`, and an error's stack. */
export function terseLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = (levels[entry.level as number] ?? String(entry.level)).padEnd(5);
  const extra = Object.entries(entry)
    .filter(([key, value]) => !omitted.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const lines = [[time, level, entry.msg ?? '', ...extra].join(' ').trimEnd()];
  if (err) lines.push(`  ${err.stack ?? err.message ?? ''}`);
  return `${lines.join('\n')}\n`;
}

/** Request lines for a person at a terminal: one terse line per request, at debug level (LOG_LEVEL=debug). */
class TerseRequests extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error || reply.statusCode >= 500) reply.log.error({ err: error ?? undefined }, line);
    else reply.log.debug(line);
  }
}

/**
 * The server's logger (LOG_FORMAT): JSON lines for production, and in a terminal or the embedded demo terse text with
 * requests only at debug level, so that `npm start` shows the banner and what matters (docs/decisions/0019).
 */
export function loggerOptions(config: Config): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.logFormat === 'json') return { logger: { level: config.logLevel, redact } };
  return {
    logger: {
      level: config.logLevel,
      redact,
      stream: { write: (line: string) => void process.stdout.write(terseLine(line)) },
    },
    logController: new TerseRequests(),
  };
}
