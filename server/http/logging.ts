import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config.ts';

const redact = ['req.headers.authorization', 'req.headers.cookie', 'body.password'];

/** pino's numeric levels, as words. */
const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
/** Keys every pino line has, or that a terse line leaves out. */
const omitted = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'err', 'responseTime']);

/**
 * Control characters of logged text as visible escapes (`\n`, `\r`, `\t`, `\u001b`, ...): a value that came from a
 * user (an imported full name `"Eve\n02:50:00 error FORGED"`) must not start a line of its own, nor send a terminal
 * escape sequence. JSON lines are safe already (JSON.stringify escapes them); the terse text applies this to every
 * string it writes.
 */
export function escapeControl(text: string): string {
  return text.replace(controlCharacters, (char) => controlEscapes[char] ?? unicodeEscape(char));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds.
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const controlEscapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const unicodeEscape = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * An error's stack below its line, every line indented: the message inside it is escaped like any logged text, and
 * the frames keep their line breaks (they come from the code, not from a user).
 */
function stackLines(err: { message?: string; stack?: string }): string {
  const message = typeof err.message === 'string' ? err.message : '';
  // Neither a message nor a stack (an error seen once as an empty line): every field it has, so it says what it was.
  let stack = typeof err.stack === 'string' ? err.stack : message || JSON.stringify(err);
  if (message && stack.includes(message)) stack = stack.replace(message, escapeControl(message));
  return stack
    .split(/\r?\n/)
    .map((line) => `  ${escapeControl(line).replace(/^ {2}/, '')}`)
    .join('\n');
}

/** One pino JSON line as a terse line of text: `12:03:04 warn  message key=value`, and an error's stack. */
export function terseLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return `${escapeControl(json.replace(/\n$/, ''))}\n`;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = (levels[entry.level as number] ?? String(entry.level)).padEnd(5);
  const extra = Object.entries(entry)
    .filter(([key, value]) => !omitted.has(key) && value !== undefined)
    .map(
      ([key, value]) =>
        `${escapeControl(key)}=${typeof value === 'string' ? escapeControl(value) : JSON.stringify(value)}`,
    );
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const message = typeof entry.msg === 'string' ? entry.msg : entry.msg === undefined ? '' : JSON.stringify(entry.msg);
  const lines = [[time, level, escapeControl(message), ...extra].join(' ').trimEnd()];
  if (err) lines.push(stackLines(err));
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
