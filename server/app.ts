import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accessRoutes, accessSchemas } from './access/routes.ts';
import { activityRoutes, activitySchemas } from './activity/routes.ts';
import { approvalFlowRoutes, approvalFlowSchemas } from './approvals/flow-routes.ts';
import { RequestOptionsSchema, requestOptionRoutes } from './approvals/request-options.ts';
import { approvalRoutes, approvalSchemas } from './approvals/routes.ts';
import { GroupMembersDetailSchema, GroupMembersSchema, groupRoutes } from './attendance/groups-routes.ts';
import { attendanceGuards } from './attendance/guards.ts';
import { RosterSchema, RosterUpdateSchema, rosterRoutes } from './attendance/roster-routes.ts';
import { attendanceRoutes, attendanceSchemas } from './attendance/routes.ts';
import { accountRoutes, accountSchemas } from './auth/account-routes.ts';
import { actorForToken } from './auth/repository.ts';
import { authRoutes, authSchemas } from './auth/routes.ts';
import { companyAdminRoutes, companyAdminSchemas } from './companies/admin.ts';
import { companyRoutes } from './companies/routes.ts';
import { companySettingsRoutes, companySettingsSchemas } from './companies/settings.ts';
import { signatureRoutes, signatureSchemas } from './companies/signatures.ts';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { employeeRoutes, employeeSchemas } from './employees/routes.ts';
import { fileRoutes, fileSchemas } from './files/routes.ts';
import { manFeeRoutes, manFeeSchemas } from './finance/man-fee-routes.ts';
import { financeRoutes } from './finance/routes.ts';
import { healthRoutes, installDatabaseGate } from './health/routes.ts';
import { homeRoutes, homeSchemas } from './home/routes.ts';
import { installAccess } from './http/access.ts';
import { installErrorHandler, routeNotFound } from './http/errors.ts';
import { loggerOptions } from './http/logging.ts';
import { sharedSchemas } from './http/schemas.ts';
import { compilerFactories } from './http/serializers.ts';
import { fastifyAjv, installTextGuard, laterChecks } from './http/validation.ts';
import { registerJobHandlers } from './jobs/handlers.ts';
import { JobQueue } from './jobs/queue.ts';
import { jobRoutes, jobSchemas } from './jobs/routes.ts';
import { kpiRoutes, kpiSchemas } from './kpi/routes.ts';
import { leaveRoutes, leaveSchemas } from './leave/routes.ts';
import { createMailer } from './mail/mailer.ts';
import { calculatorRoutes } from './payroll/calculator-routes.ts';
import { employeePayrollRoutes, employeePayrollSchemas } from './payroll/employee-routes.ts';
import { payrollImportRoutes, payrollImportSchemas } from './payroll/import-routes.ts';
import { payrollRoutes, payrollSchemas } from './payroll/routes.ts';
import { weeklyRoutes } from './payroll/weekly-routes.ts';
import { payslipRoutes, payslipSchemas } from './payslips/routes.ts';
import { developerRoutes, developerSchemas } from './platform/developers.ts';
import { platformRoutes } from './platform/routes.ts';
import { statisticsRoutes } from './platform/statistics-routes.ts';
import { portalRoutes, portalSchemas } from './portal/routes.ts';
import { reportRoutes, reportSchemas } from './reports/routes.ts';
import { resources } from './resources/index.ts';
import { relationSchemas } from './resources/relations.ts';
import { resourceRoutes } from './resources/routes.ts';
import { salesJobRoutes, salesJobSchemas } from './sales/jobs-routes.ts';
import { salesRoutes, salesSchemas } from './sales/routes.ts';
import { demoHistoryRoutes } from './seed/fill-routes.ts';
import { severanceRoutes, severanceSchemas } from './severance/routes.ts';
import { coretaxRoutes, coretaxSchemas } from './tax/coretax-routes.ts';
import { taxRoutes, taxSchemas } from './tax/routes.ts';
import { trackingRoutes, trackingSchemas } from './tracking/routes.ts';
import { tileImageSource } from './tracking/tiles.ts';

export const spaDir = fileURLToPath(new URL('../dist', import.meta.url));

/** `dist/assets/` holds Vite's content-hashed files; the rest must be revalidated. */
export const cacheControlFor = (root: string, path: string) =>
  path.startsWith(join(root, 'assets', sep)) ? 'public, max-age=31536000, immutable' : 'no-cache';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built SPA; tests give their own. */
  spaDir?: string;
}

/** The whole API and the built SPA on one origin. Tests build it exactly like `npm start` does. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route schema and check not compiled yet, yielding between slices (after `listen`). */
    warmSchemas(): Promise<void>;
  }
}

export async function buildApp({
  config,
  database,
  logger,
  spaDir: spaRoot = spaDir,
}: AppOptions): Promise<FastifyInstance> {
  const compilers = compilerFactories();
  const app = Fastify({
    ...(logger === undefined ? loggerOptions(config) : { logger }),
    // A hop count is valid at run time; Fastify's types only list the other forms.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: config.limits.bodyBytes,
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    ajv: fastifyAjv,
    schemaController: { compilersFactory: compilers },
    forceCloseConnections: 'idle',
  });
  const { db } = database;

  installErrorHandler(app);
  installTextGuard(app);
  // JSON and multipart only: a text body is a 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The live-tracking map's tiles come from the configured tile server (MAP_TILE_URL).
        imgSrc: ["'self'", 'data:', 'blob:', ...[tileImageSource(config.mapTiles.url)].filter((s) => s !== null)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: config.limits.fileBytes, files: 1 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HR Workspace API',
        version: '1.0.0',
        description: 'The v1 API: lists `{ data, meta }`, errors `{ code, message, fields? }`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}` },
  });

  for (const schema of [
    ...sharedSchemas,
    ...relationSchemas,
    ...authSchemas,
    ...fileSchemas,
    ...activitySchemas,
    ...developerSchemas,
    ...companyAdminSchemas,
    ...employeeSchemas,
    ...severanceSchemas,
    ...accountSchemas,
    ...companySettingsSchemas,
    ...signatureSchemas,
    ...taxSchemas,
    ...coretaxSchemas,
    ...reportSchemas,
    ...payslipSchemas,
    ...jobSchemas,
    ...payrollSchemas,
    ...manFeeSchemas,
    ...payrollImportSchemas,
    ...employeePayrollSchemas,
    ...trackingSchemas,
    ...salesSchemas,
    ...attendanceSchemas,
    ...leaveSchemas,
    ...approvalSchemas,
    ...approvalFlowSchemas,
    ...homeSchemas,
    ...portalSchemas,
    ...kpiSchemas,
    ...salesJobSchemas,
    ...accessSchemas,
    RequestOptionsSchema,
    GroupMembersSchema,
    GroupMembersDetailSchema,
    RosterSchema,
    RosterUpdateSchema,
  ]) {
    app.addSchema(schema);
  }
  // A view of another resource (docs/decisions/0009) shares its schemas: each is added once.
  for (const schema of new Set(resources.flatMap((r) => [r.rowSchema, r.createSchema, r.updateSchema]))) {
    app.addSchema(schema);
  }

  installDatabaseGate(app, database);
  installAccess(app, async (request) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    return token ? actorForToken(db, config, token) : null;
  });

  const mailer = createMailer(config, app.log);
  // The job queue (docs/decisions/0044): started by the server after migrating, or by the first enqueue.
  const jobs = new JobQueue(database);
  registerJobHandlers(jobs, config);
  app.decorate('jobs', jobs);
  // Route schemas compile on first use (docs/decisions/0081); this compiles the rest, a slice at a time.
  app.decorate('warmSchemas', async () => {
    await compilers.warm();
    await laterChecks.warm();
  });
  app.addHook('onClose', async () => jobs.stop());
  jobRoutes(app, db);
  // Before payrollRoutes: /v1/payroll-summary/template and /import are static paths beside /{id}.
  payrollImportRoutes(app, db);
  payrollRoutes(app, db, config);
  weeklyRoutes(app, db);
  statisticsRoutes(app, db);
  employeePayrollRoutes(app, db);
  healthRoutes(app, database);
  demoHistoryRoutes(app, db);
  authRoutes(app, db, config);
  accountRoutes(app, db, config, mailer);
  fileRoutes(app, db, config);
  activityRoutes(app, db);
  employeeRoutes(app, db, config, mailer, { chunkedImport: database.kind === 'embedded' });
  severanceRoutes(app, db);
  companyRoutes(app, db);
  trackingRoutes(app, db, config);
  salesRoutes(app, db, config);
  attendanceRoutes(app, db, config);
  leaveRoutes(app, db);
  approvalRoutes(app, db, config);
  approvalFlowRoutes(app, db);
  homeRoutes(app, db);
  platformRoutes(app, db);
  developerRoutes(app, db, config, mailer);
  companyAdminRoutes(app, db, config, mailer);
  requestOptionRoutes(app, db);
  attendanceGuards(app, db);
  groupRoutes(app, db);
  rosterRoutes(app, db, config);
  companySettingsRoutes(app, db);
  signatureRoutes(app, db);
  taxRoutes(app, db, config);
  coretaxRoutes(app, db);
  payslipRoutes(app, db, config);
  calculatorRoutes(app);
  financeRoutes(app, db, config);
  manFeeRoutes(app, db);
  // Before the generic routes: its hooks sanitise announcements and check warning letters' attachments.
  portalRoutes(app, db, config);
  kpiRoutes(app, db);
  salesJobRoutes(app, db);
  accessRoutes(app, db);
  reportRoutes(app, db);
  const chunkedBulk = database.kind === 'embedded';
  for (const resource of resources) resourceRoutes(app, db, config, resource, { chunkedBulk });

  const spa = config.serveSpa && existsSync(spaRoot);
  if (spa) {
    // Hashed build output never changes under its name: cached for a year. Everything else (the page, sw.js) is
    // revalidated on every load, so a deploy reaches users at once. Text files are sent as built: brotli or gzip.
    await app.register(fastifyStatic, {
      root: spaRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(spaRoot, path)),
    });
  }
  // Client routes answer with the SPA's shell; unknown API paths are JSON 404s.
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (spa && (request.method === 'GET' || request.method === 'HEAD') && !isApi) return reply.sendFile('index.html');
    throw routeNotFound(request.method, request.url);
  });
  return app;
}
