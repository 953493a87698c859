/**
 * Sales routes (issue 29), besides the generic store-location resource:
 * - the stores' assigned employees (`GET /v1/sales/store-assignments`, `PUT /v1/store-location/{id}/employees`);
 * - a sales employee's visit, from live-attendance: their assigned stores nearest first (`GET /v1/sales/my-stores`),
 *   recording a visit (`POST /v1/sales/visits`) and their own visits of a day (`GET /v1/sales/my-visits`);
 * - the visit report (`GET /v1/sales/visits`).
 * Everything answers only where the company's `sales_menu` setting is on: the admin routes through the sales menu's
 * `feature`, the employee's through `requireSales` (403 `feature_off`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { jakartaToday } from '../../common/employment.ts';
import { companySettings, hasFeature } from '../../common/menu.ts';
import { distanceMetres } from '../attendance/offsite.ts';
import { ownEmployeeId } from '../attendance/repository.ts';
import { jakartaDate } from '../attendance/status.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { type Actor, actorViewer, scopeOf } from '../http/access.ts';
import { AppError, invalid, notFound } from '../http/errors.ts';
import { errorResponses, IdParams, Nullable } from '../http/schemas.ts';
import {
  assignedStores,
  insertVisit,
  photoExists,
  reachableEmployees,
  setStoreEmployees,
  storeAssignments,
  storeExists,
  visitReport,
} from './repository.ts';

const id = Type.String({ format: 'uuid' });
const day = Type.String({ format: 'date' });
const EmployeeRef = Type.Object({ _id: Type.String(), fullname: Type.String(), employee_id: Type.String() });

const StoreAssignment = Type.Object(
  { store_location: Type.String(), employee: EmployeeRef },
  { $id: 'StoreAssignment' },
);
const NearStore = Type.Object(
  {
    _id: Type.String(),
    code: Type.String(),
    name: Type.String(),
    address: Nullable(Type.String()),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    radius: Type.Integer(),
    /** Metres from the position asked about; null without a position or when the store has none. */
    distance_m: Nullable(Type.Integer()),
    within_radius: Type.Boolean(),
  },
  { $id: 'NearStore' },
);
const SalesVisit = Type.Object(
  {
    _id: Type.String(),
    employee: EmployeeRef,
    store: Type.Object({
      _id: Type.String(),
      code: Type.String(),
      name: Type.String(),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
      radius: Type.Integer(),
    }),
    /** The visit's day, Asia/Jakarta. */
    date: Type.String({ format: 'date' }),
    visited_at: Type.String({ format: 'date-time' }),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    distance_m: Nullable(Type.Integer()),
    within_radius: Type.Boolean(),
    note: Nullable(Type.String()),
    /** A stored file's name (`/v1/files/{name}`). */
    photo: Nullable(Type.String()),
    /** Rupiah. */
    order_value: Type.Integer(),
  },
  { $id: 'SalesVisit' },
);
const VisitTotals = Type.Object(
  {
    visits: Type.Integer(),
    within_radius: Type.Integer(),
    order_value: Type.Integer(),
    employees: Type.Integer(),
    stores: Type.Integer(),
  },
  { $id: 'SalesVisitTotals' },
);
export const salesSchemas = [StoreAssignment, NearStore, SalesVisit, VisitTotals];

/** The most visits one report reply lists (its totals still cover every matching visit). */
export const VISIT_REPORT_LIMIT = 20_000;
/** The longest range a visit report covers, days (twelve months). */
const MAX_RANGE_DAYS = 366;

/** The employee's sales routes answer only where the company's sales setting is on. */
function requireSales(actor: Actor) {
  if (!hasFeature(actorViewer(actor), companySettings.sales))
    throw new AppError(403, 'feature_off', 'The sales feature is not enabled for this company');
}

const services = { kind: 'menu', menu: 'live-attendance', action: 'read', company: true } as const;

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

export function salesRoutes(parent: FastifyInstance, db: Db, config: Config) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/v1/sales/store-assignments', {
    config: { access: { kind: 'menu', menu: 'store-location', action: 'read', company: true } },
    schema: {
      operationId: 'storeAssignments',
      tags: ['sales'],
      summary: "Every store's assigned employees (those the caller reaches)",
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(StoreAssignment)),
          /** The map's tile server (MAP_TILE_URL), for the stores' map beside the grid. */
          tiles: Type.Object({ url: Type.String(), attribution: Type.String() }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => ({ data: await storeAssignments(db, scopeOf(request)), tiles: config.mapTiles }),
  });

  app.put('/v1/store-location/:id/employees', {
    config: { access: { kind: 'menu', menu: 'store-location', action: 'write', company: true } },
    schema: {
      operationId: 'setStoreEmployees',
      tags: ['sales'],
      summary:
        "Replaces a store's assigned employees (a department admin changes only their department's people's assignments)",
      params: IdParams,
      body: Type.Object(
        { employees: Type.Array(id, { maxItems: 5000, uniqueItems: true }) },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(StoreAssignment)) }), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const store = request.params.id;
      if (!(await storeExists(db, scope, store))) throw notFound('Store location');
      const wanted = request.body.employees;
      const known = await reachableEmployees(db, scope, wanted);
      const unknown = wanted.filter((employee) => !known.has(employee));
      if (unknown.length)
        throw invalid(
          { employees: { code: 'not_found', message: 'Employee not found', params: { ids: unknown } } },
          'An employee is not one of this company',
        );
      await setStoreEmployees(db, scope, store, wanted);
      return { data: await storeAssignments(db, scope, store) };
    },
  });

  app.get('/v1/sales/my-stores', {
    config: { access: services },
    schema: {
      operationId: 'mySalesStores',
      tags: ['sales'],
      summary: 'The active stores the signed-in employee is assigned to, nearest first from the position given',
      querystring: Type.Object(
        {
          latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
          longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
        },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(NearStore)),
          tiles: Type.Object({ url: Type.String(), attribution: Type.String() }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      requireSales(scope.actor);
      const employee = await ownEmployeeId(db, scope);
      if (!employee) throw new AppError(404, 'no_employee', 'You have no employee record in this company');
      const { latitude, longitude } = request.query;
      const here = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      const stores = (await assignedStores(db, scope, employee)).map((store) => {
        const distance =
          here && store.latitude !== null && store.longitude !== null
            ? Math.round(distanceMetres(here, { latitude: store.latitude, longitude: store.longitude }))
            : null;
        return { ...store, distance_m: distance, within_radius: distance !== null && distance <= store.radius };
      });
      // Nearest first; stores without a distance last, by code.
      stores.sort((a, b) => (a.distance_m ?? Number.POSITIVE_INFINITY) - (b.distance_m ?? Number.POSITIVE_INFINITY));
      return { data: stores, tiles: config.mapTiles };
    },
  });

  app.post('/v1/sales/visits', {
    config: { access: services },
    schema: {
      operationId: 'recordSalesVisit',
      tags: ['sales'],
      summary:
        "Records the signed-in employee's visit to one of their assigned stores; the position is checked against the store's radius (outside: recorded with within_radius false)",
      body: Type.Object(
        {
          store_location: id,
          latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
          longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
          note: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
          photo: Type.Optional(Nullable(Type.String({ pattern: '^[a-f0-9]{32}\\.[a-z]{3,4}$' }))),
          /** Rupiah. */
          order_value: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 })),
        },
        { additionalProperties: false },
      ),
      response: { 201: Type.Object({ data: Type.Ref(SalesVisit) }), ...errorResponses },
    },
    handler: async (request, reply) => {
      const scope = scopeOf(request);
      requireSales(scope.actor);
      const employee = await ownEmployeeId(db, scope);
      if (!employee) throw new AppError(404, 'no_employee', 'You have no employee record in this company');
      const body = request.body;
      const store = (await assignedStores(db, scope, employee)).find((s) => s._id === body.store_location);
      if (!store)
        throw invalid(
          { store_location: { code: 'not_found', message: 'Not one of your stores' } },
          'This store is not assigned to you',
        );
      const lat = body.latitude ?? null;
      const lon = body.longitude ?? null;
      if ((lat === null) !== (lon === null)) {
        const missing = lat === null ? 'latitude' : 'longitude';
        throw invalid({ [missing]: { code: 'required', message: 'is required with the other coordinate' } });
      }
      if (body.photo && !(await photoExists(db, scope, body.photo)))
        throw invalid({ photo: { code: 'not_found', message: 'File not found' } });
      const here = lat !== null && lon !== null ? { latitude: lat, longitude: lon } : null;
      const distance =
        here && store.latitude !== null && store.longitude !== null
          ? Math.round(distanceMetres(here, { latitude: store.latitude, longitude: store.longitude }))
          : null;
      const now = new Date();
      const row = await insertVisit(db, scope, {
        employee,
        store_location: store._id,
        visited_at: now.toISOString(),
        date: jakartaDate(now),
        latitude: lat,
        longitude: lon,
        distance_m: distance,
        // Like a clock-in's offsite flag: unknown position or farther than the radius is outside.
        within_radius: distance !== null && distance <= store.radius,
        note: body.note?.trim() || null,
        photo: body.photo ?? null,
        order_value: body.order_value ?? 0,
      });
      const today = jakartaDate(now);
      const { rows } = await visitReport(db, scope, { from: today, to: today, own: employee, limit: 1000 });
      const visit = rows.find((r) => r._id === row.id);
      if (!visit) throw notFound('Visit');
      reply.status(201);
      return { data: visit };
    },
  });

  app.get('/v1/sales/my-visits', {
    config: { access: services },
    schema: {
      operationId: 'mySalesVisits',
      tags: ['sales'],
      summary: "The signed-in employee's own visits of a day (today by default)",
      querystring: Type.Object({ date: Type.Optional(day) }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(SalesVisit)) }), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      requireSales(scope.actor);
      const employee = await ownEmployeeId(db, scope);
      if (!employee) throw new AppError(404, 'no_employee', 'You have no employee record in this company');
      const date = request.query.date ?? jakartaToday();
      const { rows } = await visitReport(db, scope, { from: date, to: date, own: employee, limit: 1000 });
      return { data: rows };
    },
  });

  app.get('/v1/sales/visits', {
    config: { access: { kind: 'menu', menu: 'visit-report', action: 'read', company: true } },
    schema: {
      operationId: 'salesVisitReport',
      tags: ['sales'],
      summary:
        'The visit report: visits per employee and day in a date range (Asia/Jakarta), filtered by employee and store, with totals and the map tiles',
      querystring: Type.Object(
        { from: day, to: day, employee: Type.Optional(id), store: Type.Optional(id) },
        { additionalProperties: false },
      ),
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(SalesVisit)),
          totals: Type.Ref(VisitTotals),
          /** True when the range holds more visits than the reply lists (VISIT_REPORT_LIMIT). */
          truncated: Type.Boolean(),
          tiles: Type.Object({ url: Type.String(), attribution: Type.String() }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { from, to, employee, store } = request.query;
      if (to < from) throw invalid({ to: { code: 'after_start', message: 'Must not be before the start date' } });
      if (dayCount(from, to) > MAX_RANGE_DAYS)
        throw invalid({ to: { code: 'months_at_most', message: 'At most 12 months', params: { limit: 12 } } });
      const report = await visitReport(db, scope, { from, to, employee, store, limit: VISIT_REPORT_LIMIT });
      return {
        data: report.rows,
        totals: report.totals,
        truncated: report.totals.visits > report.rows.length,
        tiles: config.mapTiles,
      };
    },
  });
}
