/**
 * The real server (`server/main.ts`) in its own process on a PostgreSQL database, for the tests that kill it
 * (tests/server/payroll/kill.test.ts, tests/server/jobs/processes.test.ts), and the big company they run payroll for.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../server/db/connect.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts `server/main.ts` on a free port; resolves with its URL once it listens. */
export function startServerProcess(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      PAYROLL_JOB_THRESHOLD: '10',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    // What the server printed, kept after it listens too: a test names it when a reply surprises it.
    let output = '';
    let listening = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/running at (http:\/\/[^\s]+)/)?.[1];
      if (url && !listening) {
        listening = true;
        resolve({ child, url, output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * Copies every employee of the company (and their user) `copies` times, in one statement each, column by column
 * (`jsonb_populate_record` over the employees' hundred-odd columns costs milliseconds a row on a busy machine).
 */
export async function multiplyEmployees(database: Database, companyId: string, copies: number) {
  const columns = async (table: string) =>
    (
      await database.pool.query<{ name: string }>(
        `select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((row) => row.name);
  const copy = async (table: string, alias: string, from: string, replaced: Record<string, string>) => {
    const names = await columns(table);
    const values = names.map((name) => replaced[name] ?? `${alias}."${name}"`);
    await database.pool.query(
      `insert into ${table} (${names.map((name) => `"${name}"`).join(', ')})
       select ${values.join(', ')} ${from}`,
      [companyId, copies],
    );
  };
  await copy(
    'users',
    'u',
    'from users u join employees e on e.user_id = u.id, generate_series(1, $2::int) g where e.company_id = $1',
    {
      id: 'md5(u.id::text || g)::uuid',
      username: `u.username || '.copy' || g`,
      email: `'copy' || g || '.' || coalesce(u.email, u.id::text)`,
    },
  );
  await copy('employees', 'e', 'from employees e, generate_series(1, $2::int) g where e.company_id = $1', {
    id: 'md5(e.id::text || g)::uuid',
    user_id: 'md5(e.user_id::text || g)::uuid',
    employee_id: `e.employee_id || '-' || g`,
  });
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 20) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
