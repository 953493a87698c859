import { resolve } from 'node:path';

export interface Config {
  host: string;
  port: number;
  /** PostgreSQL URL; absent means the embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  filesDir: string;
  /** Seed demo data when the embedded database is empty (never with DATABASE_URL). */
  seedDemo: boolean;
  /**
   * DEMO_HISTORY: `background` (default) fills the demo's history after the server answers; `wait` fills it before
   * listening, so that the first answer means all the demo data is there (the browser tests). Decision 0080.
   */
  demoHistory: 'background' | 'wait';
  /** A payroll run of more employees than this runs as a job (docs/decisions/0044). */
  payrollJobThreshold: number;
  trustProxy: boolean | string | number;
  logLevel: string;
  /** Where users reach the app: the base of every link in a mail (never the request's Host header). */
  publicUrl: string;
  /** SMTP server for outgoing mail (nodemailer URL); absent means the outbox table (docs/decisions/0013). */
  smtpUrl: string | undefined;
  /** The From address of outgoing mail. */
  mailFrom: string;
  /** LOG_FORMAT: `json` lines for production; `pretty` (terse text, requests at debug) in a terminal or the demo. */
  logFormat: 'json' | 'pretty';
  session: { idleMinutes: number; absoluteHours: number; impersonationMinutes: number };
  throttle: { accountFailures: number; ipFailures: number; windowMinutes: number; lockMinutes: number };
  limits: {
    bodyBytes: number;
    bulkBodyBytes: number;
    fileBytes: number;
    unpackedBytes: number;
    maxListLimit: number;
    /** Uploads one user may have in progress at once, and start in any minute (429 beyond). */
    uploadsPerUser: { inProgress: number; perMinute: number };
  };
  serveSpa: boolean;
  /**
   * The live-tracking map's tile server (MAP_TILE_URL, a Leaflet URL template with {z}/{x}/{y}, optionally {s}) and
   * its attribution (MAP_TILE_ATTRIBUTION, HTML): a closed network points them at a company tile server.
   */
  mapTiles: { url: string; attribution: string };
  /**
   * IMPLAUSIBLE_TRAVEL_KMH: a clock whose position is farther from the employee's previous clock than this speed
   * covers in the time between them (less both positions' reported accuracy) is marked for the admin (issue 24).
   */
  implausibleTravelKmh: number;
}

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const int = (value: string | undefined, fallback: number) => (value ? Number.parseInt(value, 10) : fallback);

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const port = int(env.PORT, 3000);
  return {
    // Loopback unless told otherwise: a demo with the outbox is not for the network (README, "Exposing the demo").
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    filesDir: resolve(env.FILES_DIR ?? `${dataDir}/files`),
    seedDemo: !env.DATABASE_URL && env.SEED_DEMO !== 'false',
    demoHistory: env.DEMO_HISTORY === 'wait' ? 'wait' : 'background',
    payrollJobThreshold: int(env.PAYROLL_JOB_THRESHOLD, 1000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'HR Workspace <no-reply@localhost>',
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty'
        ? env.LOG_FORMAT
        : process.stdout.isTTY || !env.DATABASE_URL
          ? 'pretty'
          : 'json',
    session: {
      idleMinutes: int(env.SESSION_IDLE_MINUTES, 8 * 60),
      absoluteHours: int(env.SESSION_ABSOLUTE_HOURS, 7 * 24),
      impersonationMinutes: int(env.IMPERSONATION_MINUTES, 60),
    },
    throttle: {
      accountFailures: int(env.LOGIN_ACCOUNT_FAILURES, 5),
      ipFailures: int(env.LOGIN_IP_FAILURES, 200),
      windowMinutes: 15,
      lockMinutes: int(env.LOGIN_LOCK_MINUTES, 15),
    },
    limits: {
      bodyBytes: 1024 * 1024,
      bulkBodyBytes: 32 * 1024 * 1024,
      fileBytes: int(env.MAX_FILE_BYTES, 10 * 1024 * 1024),
      unpackedBytes: int(env.MAX_UNPACKED_BYTES, 100 * 1024 * 1024),
      maxListLimit: 10_000,
      uploadsPerUser: { inProgress: 2, perMinute: int(env.UPLOADS_PER_MINUTE, 30) },
    },
    serveSpa: env.SERVE_SPA !== 'false',
    mapTiles: {
      url: env.MAP_TILE_URL || OSM_TILE_URL,
      attribution: env.MAP_TILE_ATTRIBUTION ?? (env.MAP_TILE_URL ? '' : OSM_ATTRIBUTION),
    },
    // Faster than any road between two sites; a flight between two clocks is rare enough to be worth a look.
    implausibleTravelKmh: int(env.IMPLAUSIBLE_TRAVEL_KMH, 250),
  };
}
