/**
 * Recording routes (issue #12): clock in and out for the signed-in employee, today's view for the services screen,
 * the import, the daily screen with admin corrections, and the monthly report. Thin handlers over the feature's
 * modules; access per route below (services for the clock, the daily and report menus for the rest).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { type DailyStatus, dailyStatuses } from '../../common/attendance.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { shiftTypes } from '../db/schema.ts';
import { scopeOf } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { reachOf } from '../scope/scope.ts';
import { ClockCache, invalidateClockCacheOnWrites, loadClockContext } from './clock.ts';
import { correctAttendance } from './corrections.ts';
import { importAttendance } from './import.ts';
import { implausibleTravel, isOffsite, tooImprecise } from './offsite.ts';
import { type ClockInput, recordClock } from './record.ts';
import { type DayCell, loadAttendanceGrid, monthRange, totalsOf } from './report.ts';
import { clockEvidence, ownEmployeeId } from './repository.ts';
import { loadGroupsOf, loadShiftResolver } from './schedule.ts';
import { attendanceDateOf, jakartaDate, nextDate } from './status.ts';

const tags = ['attendance'];
const services = { access: { kind: 'menu', menu: 'live-attendance', action: 'read', company: true } } as const;
const dailyRead = { access: { kind: 'menu', menu: 'daily', action: 'read', company: true } } as const;
const dailyWrite = { access: { kind: 'menu', menu: 'daily', action: 'write', company: true } } as const;
const reportRead = { access: { kind: 'menu', menu: 'attendance-report', action: 'read', company: true } } as const;

const ClockStatusSchema = Type.Union([
  Type.Literal('on_time'),
  Type.Literal('late'),
  Type.Literal('early'),
  Type.Literal('missed'),
]);
const DateString = Type.String({ format: 'date' });
const HHmm = Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' });
const ShiftSchema = Type.Object(
  {
    id: Type.String(),
    code: Type.String(),
    name: Type.String(),
    type: Type.String({ description: `The shift type: ${shiftTypes.join(', ')}` }),
    start_time: Nullable(Type.String()),
    finish_time: Nullable(Type.String()),
    minimum_working_hour: Type.Number(),
    working_days: Type.Number(),
    allowed_attendance: Type.Boolean(),
    source: Type.String(),
  },
  { $id: 'ResolvedShift' },
);
const GroupSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    type: Type.String(),
    auto_closed: Type.Boolean(),
    allowed_offsite_clock_in: Type.Boolean(),
    allowed_offsite_clock_out: Type.Boolean(),
  },
  { $id: 'AttendanceGroupSettings' },
);
const ClockBody = Type.Object(
  {
    type: Type.Union([Type.Literal('in'), Type.Literal('out')]),
    latitude: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
    longitude: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
    accuracy: Type.Optional(
      Nullable(
        Type.Number({
          minimum: 0,
          maximum: 100_000_000,
          description:
            "The position's accuracy the device reports (metres, GeolocationCoordinates.accuracy): a clock whose accuracy is worse than the nearest site's radius is refused (403 position_imprecise) where the group does not allow offsite clocks",
        }),
      ),
    ),
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { $id: 'AttendanceClock', additionalProperties: false },
);
const Recorded = Type.Object(
  {
    _id: Type.String(),
    date: DateString,
    clock_in: Nullable(Type.String()),
    clock_out: Nullable(Type.String()),
    clock_in_status: Nullable(ClockStatusSchema),
    clock_out_status: Nullable(ClockStatusSchema),
    late_minutes: Type.Integer(),
    early_minutes: Type.Integer(),
    offsite: Type.Boolean(),
  },
  { $id: 'AttendanceRecorded' },
);
const TodayAttendance = Type.Object({
  clock_in: Nullable(Type.String()),
  clock_out: Nullable(Type.String()),
  clock_in_status: Nullable(ClockStatusSchema),
  clock_out_status: Nullable(ClockStatusSchema),
  late_minutes: Type.Integer(),
  early_minutes: Type.Integer(),
});
const Today = Type.Object(
  {
    date: DateString,
    shift: Nullable(Type.Ref(ShiftSchema)),
    group: Nullable(Type.Ref(GroupSchema)),
    attendance: Nullable(TodayAttendance),
    week: Type.Array(
      Type.Object({
        date: DateString,
        shift: Nullable(Type.Ref(ShiftSchema)),
        clock_in: Nullable(Type.String()),
        clock_out: Nullable(Type.String()),
        clock_in_status: Nullable(ClockStatusSchema),
        clock_out_status: Nullable(ClockStatusSchema),
        leave: Nullable(Type.String()),
        holiday: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'AttendanceToday' },
);

const TravelSchema = Type.Object({
  km: Type.Number({ description: 'Distance from the previous clock with a position' }),
  minutes: Type.Integer({ description: 'Minutes since that clock' }),
  kmh: Type.Integer({ description: 'The implied speed' }),
});
const ClockEvidenceSchema = Type.Object(
  {
    clock_in_accuracy: Nullable(Type.Integer({ description: "The clock-in position's reported accuracy, metres" })),
    clock_out_accuracy: Nullable(Type.Integer()),
    clock_in_ip: Nullable(Type.String({ description: 'The address the clock-in request came from' })),
    clock_out_ip: Nullable(Type.String()),
    clock_in_travel: Nullable(TravelSchema),
    clock_out_travel: Nullable(TravelSchema),
    implausible: Type.Boolean({
      description:
        "A clock's position cannot follow the previous clock's at a plausible speed (IMPLAUSIBLE_TRAVEL_KMH): worth a look",
    }),
  },
  {
    $id: 'AttendanceClockEvidence',
    description:
      'What the clock requests said about where they came from: positions are the device’s word (server/attendance/README.md)',
  },
);

const dayKinds = ['present', 'holiday', 'leave', 'off', 'absent', 'none'] as const;
const Ref = Type.Object({ _id: Type.String(), name: Type.String() });
const ClockCellSchema = Type.Object({ time: Type.String(), status: ClockStatusSchema });
const EmployeeRef = Type.Object({
  _id: Type.String(),
  employee_id: Type.String(),
  fullname: Type.String(),
  department: Nullable(Ref),
  location: Nullable(Ref),
  group: Nullable(Ref),
});
const CellShift = Type.Object({
  _id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  type: Type.String(),
  start_time: Nullable(Type.String()),
  finish_time: Nullable(Type.String()),
});
const DailyRow = Type.Object(
  {
    _id: Type.String({ description: 'The employee id' }),
    employee: EmployeeRef,
    date: DateString,
    kind: Type.Union(dayKinds.map((k) => Type.Literal(k))),
    status: Type.String({ description: 'One of the daily status filter values' }),
    shift: Nullable(CellShift),
    today_attendance: Type.Array(
      Type.Object({
        attendance: Type.Object({
          _id: Type.String(),
          clock_in: Nullable(ClockCellSchema),
          clock_out: Nullable(ClockCellSchema),
          late_minutes: Type.Integer(),
          early_minutes: Type.Integer(),
          original_clock_in: Nullable(Type.String()),
          original_clock_out: Nullable(Type.String()),
          source: Type.String(),
          auto_closed: Type.Boolean(),
        }),
      }),
    ),
    evidence: Nullable(Type.Ref(ClockEvidenceSchema)),
    leave: Nullable(Type.Object({ type: Type.String(), unit: Type.String(), status: Type.String() })),
    mass_leave: Nullable(Type.Object({ name: Type.String() })),
  },
  { $id: 'AttendanceDailyRow' },
);
const DailyOptions = Type.Object(
  { department: Type.Array(Ref), location: Type.Array(Ref), group: Type.Array(Ref) },
  {
    $id: 'AttendanceDailyOptions',
    description:
      "The departments, locations and groups of the day's employees, by name, whatever the status filter (the " +
      'department, location and group filters do apply): the screen’s filter choices',
  },
);
const DailyQuery = Type.Object(
  {
    date: Type.Optional(DateString),
    department: Type.Optional(Type.String({ format: 'uuid' })),
    location: Type.Optional(Type.String({ format: 'uuid' })),
    group: Type.Optional(Type.String({ format: 'uuid' })),
    status: Type.Optional(Type.Union(dailyStatuses.map((s) => Type.Literal(s)))),
  },
  { additionalProperties: false },
);
/** Report cells, compact (10,000 employees × 31 days): absent keys are null. */
const ReportCell = Type.Object({
  kind: Type.Union(dayKinds.map((k) => Type.Literal(k))),
  shift: Type.Optional(Type.String({ description: 'Shift code' })),
  shift_name: Type.Optional(Type.String()),
  in: Type.Optional(Type.String({ description: 'Clock-in, ISO timestamp' })),
  in_status: Type.Optional(ClockStatusSchema),
  out: Type.Optional(Type.String()),
  out_status: Type.Optional(ClockStatusSchema),
  leave: Type.Optional(Type.String()),
  holiday: Type.Optional(Type.String()),
});
const Totals = Type.Object(
  {
    employee: Type.String(),
    scheduled_days: Type.Number(),
    present: Type.Integer(),
    late: Type.Integer(),
    late_minutes: Type.Integer(),
    early: Type.Integer(),
    early_minutes: Type.Integer(),
    missed: Type.Integer(),
    absent: Type.Integer(),
    leave: Type.Record(Type.String(), Type.Number()),
    holidays: Type.Integer(),
  },
  { $id: 'AttendanceTotals' },
);
const Report = Type.Object(
  {
    year: Type.Integer(),
    month: Type.Integer(),
    days: Type.Array(DateString),
    rows: Type.Array(
      Type.Object({
        employee: EmployeeRef,
        cells: Type.Array(Nullable(ReportCell)),
        totals: Type.Ref(Totals),
      }),
    ),
  },
  { $id: 'AttendanceReport' },
);
const ImportBody = Type.Object(
  {
    rows: Type.Array(
      Type.Object(
        {
          employee_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
          date: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
          clock_in: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
          clock_out: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50_000 },
    ),
  },
  { $id: 'AttendanceImport', additionalProperties: false },
);
const Correction = Type.Object(
  {
    employee: Type.String({ format: 'uuid' }),
    date: DateString,
    clock_in: Type.Optional(Nullable(HHmm)),
    clock_out: Type.Optional(Nullable(HHmm)),
    reason: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { $id: 'AttendanceCorrection', additionalProperties: false },
);

export const attendanceSchemas = [
  ShiftSchema,
  GroupSchema,
  ClockBody,
  ClockEvidenceSchema,
  Recorded,
  Today,
  DailyRow,
  DailyOptions,
  Totals,
  Report,
  ImportBody,
  Correction,
];

async function ownEmployee(db: Db, scope: Parameters<typeof ownEmployeeId>[1]): Promise<string> {
  const id = await ownEmployeeId(db, scope);
  if (!id) throw new AppError(404, 'no_employee', 'You have no employee record in this company');
  return id;
}

/** A working day that has not begun, without attendance, leave or holiday. */
const notYetIn = (cell: DayCell) => cell.kind === 'none' && cell.working && !cell.holiday;

const statusOfCell = (cell: DayCell): DailyStatus | 'none' => {
  if (notYetIn(cell)) return 'not_in';
  if (cell.kind !== 'present') return cell.kind;
  const a = cell.attendance;
  if (a?.clock_in?.status === 'missed' || a?.clock_out?.status === 'missed') return 'missed';
  if (a?.clock_in?.status === 'late') return 'late';
  if (a?.clock_out?.status === 'early') return 'early';
  return 'present';
};
/** Whether a cell matches a status filter: a late and early day is both (the home page counts with it too). */
export const matches = (cell: DayCell, status: DailyStatus): boolean => {
  if (status === 'late') return cell.attendance?.clock_in?.status === 'late';
  if (status === 'early') return cell.attendance?.clock_out?.status === 'early';
  if (status === 'missed')
    return cell.attendance?.clock_in?.status === 'missed' || cell.attendance?.clock_out?.status === 'missed';
  if (status === 'present') return cell.kind === 'present';
  if (status === 'not_in') return notYetIn(cell);
  return cell.kind === status;
};

function reportCell(cell: DayCell | null): Static<typeof ReportCell> | null {
  if (!cell) return null;
  const out: Static<typeof ReportCell> = { kind: cell.kind };
  if (cell.shift) {
    out.shift = cell.shift.code;
    out.shift_name = cell.shift.name;
  }
  const a = cell.attendance;
  if (a?.clock_in) {
    if (a.clock_in.time) out.in = a.clock_in.time;
    out.in_status = a.clock_in.status;
  }
  if (a?.clock_out) {
    if (a.clock_out.time) out.out = a.clock_out.time;
    out.out_status = a.clock_out.status;
  }
  if (cell.leave) out.leave = cell.leave.type;
  if (cell.holiday) out.holiday = cell.holiday.name;
  return out;
}

function periodOf(query: { month?: number | undefined; year?: number | undefined }): { year: number; month: number } {
  if (!query.month || !query.year) {
    throw new AppError(400, 'report_period_required', 'Fill in the Month and Year of the Report!', {
      ...(query.month ? {} : { month: { code: 'required', message: 'is required' } }),
      ...(query.year ? {} : { year: { code: 'required', message: 'is required' } }),
    });
  }
  return { year: query.year, month: query.month };
}

export function attendanceRoutes(parent: FastifyInstance, db: Db, config: Config) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const clockCache = new ClockCache();
  invalidateClockCacheOnWrites(app, clockCache);
  app.post('/v1/attendance/clock', {
    config: services,
    schema: {
      operationId: 'clockAttendance',
      description:
        "Clocks the signed-in employee in or out now (Asia/Jakarta), against today's shift; a clock-out after a night shift closes the day before",
      tags,
      body: Type.Ref(ClockBody),
      response: { 200: one(Type.Ref(Recorded)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { body } = request;
      const now = Date.now();
      const today = jakartaDate(now);
      const yesterday = nextDate(today, -1);
      // One query for the employee, the group and the two days' shifts; sites and holidays from the cache (0055).
      const [context, sites] = await Promise.all([
        loadClockContext(db, scope, scope.actor.userId, yesterday, today),
        clockCache.sitesOf(db, scope.companyId),
      ]);
      if (!context) throw new AppError(404, 'no_employee', 'You have no employee record in this company');
      const { employee, group } = context;
      let date = attendanceDateOf(now, body.type, (d) => context.shiftOn(d));
      // Only an open record of the night before takes the clock-out.
      if (date !== today && !context.openOnFrom) date = today;
      const shift = context.shiftOn(date);
      if (shift && !shift.allowed_attendance) {
        throw new AppError(409, 'attendance_not_allowed', 'Your shift today does not take attendance');
      }
      const point =
        typeof body.latitude === 'number' && typeof body.longitude === 'number'
          ? { latitude: body.latitude, longitude: body.longitude }
          : null;
      const offsite = isOffsite(point, sites);
      const allowed = body.type === 'in' ? group?.allowed_offsite_clock_in : group?.allowed_offsite_clock_out;
      // A position whose own uncertainty is wider than the site's radius cannot show the employee is on site.
      const imprecise = point && group && !allowed ? tooImprecise(point, body.accuracy, sites) : null;
      if (imprecise) {
        throw new AppError(
          403,
          'position_imprecise',
          `Your location is too imprecise (±${imprecise.accuracy} m) for this site's ${imprecise.radius} m radius; move to open sky and try again`,
          { accuracy: { code: 'position_imprecise', message: 'is worse than the site radius', params: imprecise } },
        );
      }
      if (offsite && group && !allowed) {
        throw new AppError(
          403,
          point ? 'offsite' : 'position_required',
          point
            ? 'You are away from every company location: your group does not allow clocking offsite'
            : 'Share your position to clock in or out',
        );
      }
      const input: ClockInput = {
        companyId: scope.companyId,
        employeeId: employee,
        type: body.type,
        at: now,
        date,
        shift,
        holiday: await clockCache.isHoliday(db, scope.companyId, date, yesterday, today),
        latitude: body.latitude,
        longitude: body.longitude,
        offsite,
        accuracy: body.accuracy,
        ip: request.ip,
        travel: point
          ? implausibleTravel(
              context.lastFix,
              { ...point, at: now, accuracy: body.accuracy },
              config.implausibleTravelKmh,
            )
          : null,
        note: body.note,
        userId: scope.actor.userId,
      };
      // A clock-in is one statement (INSERT … ON CONFLICT): no transaction needed; a clock-out locks its record.
      const recorded =
        body.type === 'in' ? await recordClock(db, input) : await db.transaction((tx) => recordClock(tx, input));
      const { id, ...rest } = recorded;
      return { data: { _id: id, ...rest, offsite } };
    },
  });

  app.get('/v1/attendance/today', {
    config: services,
    schema: {
      operationId: 'attendanceToday',
      description: "The signed-in employee's shift, group, today's attendance and the week (Monday to Sunday)",
      tags,
      response: { 200: one(Type.Ref(Today)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const employee = await ownEmployee(db, scope);
      const now = Date.now();
      const today = jakartaDate(now);
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = nextDate(today, -weekday);
      const from = nextDate(monday, -1) < nextDate(today, -1) ? nextDate(monday, -1) : nextDate(today, -1);
      const [resolver, groups, grid] = await Promise.all([
        loadShiftResolver(db, scope.companyId, { from, to: nextDate(monday, 6), employeeIds: [employee] }),
        loadGroupsOf(db, scope.companyId, [employee]),
        loadAttendanceGrid(db, scope, { from, to: nextDate(monday, 6) }, { employeeIds: [employee] }, now),
      ]);
      const index = grid.employees.findIndex((e) => e._id === employee);
      const cellOn = (date: string) => (index < 0 ? null : grid.cell(index, grid.days.indexOf(date)));
      // The open night shift of yesterday is still "today's" attendance until it is clocked out.
      const outDate = attendanceDateOf(now, 'out', (d) => resolver(employee, d));
      const open = cellOn(outDate)?.attendance;
      const current = outDate !== today && open?.clock_in && !open.clock_out ? open : cellOn(today)?.attendance;
      const week = Array.from({ length: 7 }, (_, i) => nextDate(monday, i)).map((date) => {
        const cell = cellOn(date);
        const a = cell?.attendance;
        return {
          date,
          shift: resolver(employee, date),
          clock_in: a?.clock_in?.time || null,
          clock_out: a?.clock_out?.time || null,
          clock_in_status: a?.clock_in?.status ?? null,
          clock_out_status: a?.clock_out?.status ?? null,
          leave: cell?.leave?.type ?? null,
          holiday: cell?.holiday?.name ?? null,
        };
      });
      return {
        data: {
          date: today,
          shift: resolver(employee, today),
          group: groups.get(employee) ?? null,
          attendance: current
            ? {
                clock_in: current.clock_in?.time || null,
                clock_out: current.clock_out?.time || null,
                clock_in_status: current.clock_in?.status ?? null,
                clock_out_status: current.clock_out?.status ?? null,
                late_minutes: current.late_minutes,
                early_minutes: current.early_minutes,
              }
            : null,
          week,
        },
      };
    },
  });

  app.post('/v1/attendance/import', {
    config: dailyWrite,
    bodyLimit: config.limits.bulkBodyBytes,
    schema: {
      operationId: 'importAttendance',
      description:
        "Clock times from a fingerprint machine's export: employee_id is the employee's own code, times HH:mm; all or nothing (400 bulk_invalid with a report per row)",
      tags,
      body: Type.Ref(ImportBody),
      response: { 200: one(Type.Object({ created: Type.Integer(), updated: Type.Integer() })), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { rows } = request.body;
      const data = await importAttendance(db, { ...reachOf(scope), userId: scope.actor.userId }, rows);
      return { data };
    },
  });

  app.post('/v1/attendance/corrections', {
    config: dailyWrite,
    schema: {
      operationId: 'correctAttendance',
      description:
        "An admin's correction of one employee's clock-in and/or clock-out on a date (HH:mm; null clears): logged, originals kept, statuses recomputed",
      tags,
      body: Type.Ref(Correction),
      response: { 200: one(Type.Object({ _id: Type.String() })), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const data = await correctAttendance(db, { ...reachOf(scope), userId: scope.actor.userId }, request.body);
      return { data };
    },
  });

  app.get('/v1/attendance/daily', {
    config: dailyRead,
    schema: {
      operationId: 'attendanceDaily',
      description:
        'One row per employee for a date (default today, Asia/Jakarta), with the attendance cell of spec 2.4',
      tags,
      querystring: DailyQuery,
      response: {
        200: Type.Object({
          data: Type.Array(Type.Ref(DailyRow)),
          meta: Type.Object({
            total: Type.Integer(),
            date: DateString,
            options: Type.Ref(DailyOptions),
          }),
        }),
        ...errorResponses,
      },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { query } = request;
      const date = query.date ?? jakartaDate(Date.now());
      const [grid, evidence] = await Promise.all([
        loadAttendanceGrid(
          db,
          scope,
          { from: date, to: date },
          { department: query.department, location: query.location, group: query.group },
        ),
        clockEvidence(db, scope, date),
      ]);
      const data = [];
      // The filter choices: every employee of the day, before the status filter.
      const facets: Record<'department' | 'location' | 'group', Map<string, Static<typeof Ref>>> = {
        department: new Map(),
        location: new Map(),
        group: new Map(),
      };
      for (const [index, employee] of grid.employees.entries()) {
        const cell = grid.cell(index, 0);
        if (!cell) continue;
        for (const key of ['department', 'location', 'group'] as const) {
          const ref = employee[key];
          if (ref) facets[key].set(ref._id, ref);
        }
        if (query.status && !matches(cell, query.status)) continue;
        const { join_date: _j, exit_date: _e, ...ref } = employee;
        data.push({
          _id: employee._id,
          employee: ref,
          date,
          kind: cell.kind,
          status: statusOfCell(cell),
          shift: cell.shift,
          today_attendance: cell.attendance ? [{ attendance: cell.attendance }] : [],
          evidence: (cell.attendance && evidence.get(cell.attendance._id)) ?? null,
          leave: cell.leave,
          mass_leave: cell.holiday,
        });
      }
      const byName = (refs: Map<string, Static<typeof Ref>>) =>
        [...refs.values()].sort((a, b) => a.name.localeCompare(b.name));
      const options = {
        department: byName(facets.department),
        location: byName(facets.location),
        group: byName(facets.group),
      };
      return { data, meta: { total: data.length, date, options } };
    },
  });

  app.get('/v1/attendance/report', {
    config: reportRead,
    schema: {
      operationId: 'attendanceReport',
      description:
        "Employees × days of a month with each day's cell and the month's totals (the numbers payroll reads through attendanceTotals)",
      tags,
      querystring: Type.Object(
        {
          month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
          year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
          department: Type.Optional(Type.String({ format: 'uuid' })),
          location: Type.Optional(Type.String({ format: 'uuid' })),
          group: Type.Optional(Type.String({ format: 'uuid' })),
        },
        { additionalProperties: false },
      ),
      response: { 200: one(Type.Ref(Report)), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { query } = request;
      const { year, month } = periodOf(query);
      const grid = await loadAttendanceGrid(db, scope, monthRange(year, month), {
        department: query.department,
        location: query.location,
        group: query.group,
      });
      const rows = grid.employees.map((employee, index) => {
        const cells = grid.days.map((_, day) => grid.cell(index, day));
        const { join_date: _j, exit_date: _e, ...ref } = employee;
        return { employee: ref, cells: cells.map(reportCell), totals: totalsOf(employee._id, cells) };
      });
      return { data: { year, month, days: grid.days, rows } };
    },
  });
}
