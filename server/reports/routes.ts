/**
 * The reports menu (issue 29, spec 2.3; server/reports/README.md): six month reports, each
 * `GET /v1/reports/<menu id>?year=&month=[&department=][&location=]` under its own menu's read access (admins and
 * approvers; man-power only where the company's `man_power_report` setting is on). A missing month or year is 400
 * `report_period_required` ('Fill in the Month and Year of the Report!'). xlsx and PDF are written in the browser from
 * the same rows (decision 0088). `GET /v1/duty/category` lists the company's duty types (spec 7).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { AppError } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { payslipLanguages } from '../payslips/view.ts';
import { dutyCategories } from './categories.ts';
import { reportPdf } from './document.ts';
import { reportCaller } from './reach.ts';
import {
  clockCorrectionReport,
  dailyPayrollReport,
  dutyReport,
  filterOptions,
  jobReport,
  manPowerReport,
  overtimeReport,
  type ReportQuery,
} from './repository.ts';

const uuid = Type.String({ format: 'uuid' });
const rupiah = Type.Integer({ description: 'Integer rupiah' });
const count = Type.Integer({ minimum: 0 });
const hours = Type.Number({ minimum: 0, description: 'Hours, two decimals' });
const Query = Type.Object(
  {
    year: Type.Optional(Type.Integer({ minimum: 2000, maximum: 2100 })),
    month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12 })),
    department: Type.Optional(uuid),
    location: Type.Optional(uuid),
  },
  { additionalProperties: false },
);
const EmployeeRef = Type.Object({ _id: uuid, employee_id: Type.String(), fullname: Type.String() });
const Named = Type.Object({ _id: uuid, name: Type.String() });
const where = { department: Nullable(Type.String()), location: Nullable(Type.String()) };
const FilterOptions = Type.Object(
  { departments: Type.Array(Named), locations: Type.Array(Named) },
  {
    $id: 'ReportFilterOptions',
    description: "The department and location filters' choices, inside the caller's reach",
  },
);
const period = { year: Type.Integer(), month: Type.Integer(), options: Type.Ref(FilterOptions) };

const DutyReport = Type.Object(
  {
    ...period,
    daily_amount: Type.Integer({ description: "The business-trip rate per day payroll pays (the company's rule)" }),
    rows: Type.Array(
      Type.Object({
        _id: Type.String(),
        employee: EmployeeRef,
        ...where,
        duty_type: Nullable(Named),
        trips: count,
        days: count,
        amount: rupiah,
      }),
    ),
    totals: Type.Object({ employees: count, trips: count, days: count, amount: rupiah }),
  },
  { $id: 'DutyReport' },
);
const Times = Type.Object({ clock_in: Nullable(Type.String()), clock_out: Nullable(Type.String()) });
const ClockCorrectionReport = Type.Object(
  {
    ...period,
    rows: Type.Array(
      Type.Object({
        _id: uuid,
        approval_number: Type.String(),
        employee: EmployeeRef,
        ...where,
        date: Type.String({ format: 'date' }),
        status: Type.String({ description: 'pending, partial, approved, rejected or withdrawn' }),
        before: Times,
        after: Times,
        reason: Nullable(Type.String()),
      }),
    ),
    totals: Type.Object({
      employees: count,
      requested: count,
      approved: count,
      rejected: count,
      open: count,
      withdrawn: count,
    }),
  },
  { $id: 'ClockCorrectionReport' },
);
const JobCategory = Type.Object({
  _id: Nullable(Type.String({ format: 'uuid', description: 'null: the job reports without a category' })),
  code: Nullable(Type.String()),
  name: Nullable(Type.String()),
  reports: count,
  hours,
});
const JobReport = Type.Object(
  {
    ...period,
    categories: Type.Array(JobCategory, {
      description:
        "The columns: the company's categories by name (every one, even an empty one), then `_id: null` when a report has no category; each with its totals",
    }),
    rows: Type.Array(
      Type.Object({
        _id: Type.String({ format: 'uuid', description: 'The employee' }),
        employee_id: Type.String({ description: "The employee's number" }),
        fullname: Type.String(),
        ...where,
        reports: count,
        hours,
        category_reports: Type.Array(count, { description: 'Reports per category, in the order of `categories`' }),
        category_hours: Type.Array(hours, { description: 'Hours per category, in the order of `categories`' }),
      }),
      { description: 'One row per employee with job reports in the month' },
    ),
    totals: Type.Object({ employees: count, reports: count, hours }),
  },
  { $id: 'JobReport' },
);
const OvertimeReport = Type.Object(
  {
    ...period,
    pending: count,
    rows: Type.Array(
      Type.Object({
        _id: uuid,
        employee: EmployeeRef,
        ...where,
        requests: count,
        hours: Type.Object({ working_day: hours, rest_day: hours, holiday: hours, total: hours }),
        pay: Type.Integer({ description: "The overtime lines of the employee's payslip in the month's completed run" }),
      }),
    ),
    totals: Type.Object({
      employees: count,
      requests: count,
      working_day: hours,
      rest_day: hours,
      holiday: hours,
      hours,
      pay: rupiah,
    }),
  },
  { $id: 'OvertimeReport' },
);
const DailyPayroll = Type.Object({
  _id: uuid,
  title: Type.String(),
  period_start: Nullable(Type.String({ format: 'date' })),
  period_end: Nullable(Type.String({ format: 'date' })),
});
const DailyPayrollReport = Type.Object(
  {
    ...period,
    pending: count,
    payrolls: Type.Array(DailyPayroll, { description: "The month's completed daily payrolls the rows name, in order" }),
    rows: Type.Array(
      Type.Object({
        _id: Type.String({ format: 'uuid', description: 'The payslip' }),
        payroll: Type.String({ format: 'uuid', description: 'The daily payroll (`payrolls[]._id`)' }),
        employee: Type.String({ format: 'uuid', description: 'The worker' }),
        employee_id: Type.String({ description: "The worker's number" }),
        fullname: Type.String(),
        ...where,
        days: count,
        wages: rupiah,
        incentives: rupiah,
        deductions: rupiah,
        bruto: rupiah,
        pph21: rupiah,
        thp: rupiah,
      }),
    ),
    totals: Type.Object({
      payrolls: count,
      workers: count,
      days: count,
      wages: rupiah,
      incentives: rupiah,
      deductions: rupiah,
      bruto: rupiah,
      pph21: rupiah,
      thp: rupiah,
    }),
  },
  { $id: 'DailyPayrollReport' },
);
const ManPowerReport = Type.Object(
  {
    ...period,
    rows: Type.Array(
      Type.Object({
        _id: Type.String(),
        department: Nullable(Named),
        location: Nullable(Named),
        status: Type.String({ description: 'The employment status (enums.employment_status)' }),
        headcount: count,
        joiners: count,
        leavers: count,
      }),
    ),
    months: Type.Array(
      Type.Object({ year: Type.Integer(), month: Type.Integer(), headcount: count, joiners: count, leavers: count }),
      { description: 'The twelve months ending with the report month, oldest first' },
    ),
    totals: Type.Object({ headcount: count, joiners: count, leavers: count }),
  },
  { $id: 'ManPowerReport' },
);
const DutyCategory = Type.Object({ _id: uuid, code: Type.String(), name: Type.String() }, { $id: 'DutyCategory' });

export const reportSchemas = [
  FilterOptions,
  DutyReport,
  ClockCorrectionReport,
  JobReport,
  OvertimeReport,
  DailyPayrollReport,
  ManPowerReport,
  DutyCategory,
];

type Loader = typeof dutyReport;
const reportMenus = [
  'duty-report',
  'clock-correction-report',
  'job-report',
  'overtime-report',
  'daily-payroll-report',
  'man-power',
] as const;
/** The menus whose screens print their table with `POST /v1/reports/pdf`: the month reports and the job recap. */
const pdfMenus = [...reportMenus, 'job-recap'] as const;

/** The month asked for: both or the translated report-period error (spec 5). */
function periodOf(query: { year?: number | undefined; month?: number | undefined }) {
  if (!query.month || !query.year) {
    throw new AppError(400, 'report_period_required', 'Fill in the Month and Year of the Report!', {
      ...(query.month ? {} : { month: { code: 'required', message: 'is required' } }),
      ...(query.year ? {} : { year: { code: 'required', message: 'is required' } }),
    });
  }
  return { year: query.year, month: query.month };
}

export function reportRoutes(parent: FastifyInstance, db: Db) {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const report = (menu: string, operationId: string, schema: TSchema, load: Loader, description: string) =>
    app.get(`/v1/reports/${menu}`, {
      config: { access: { kind: 'menu', menu, action: 'read', company: true } },
      schema: {
        operationId,
        description,
        tags: ['reports'],
        querystring: Query,
        response: { 200: Type.Object({ data: Type.Ref(schema) }), ...errorResponses },
      },
      handler: async (request) => {
        const scope = scopeOf(request);
        const query: ReportQuery = { ...request.query, ...periodOf(request.query) };
        const caller = await reportCaller(db, scope);
        return { data: { ...(await load(db, caller, query)), options: await filterOptions(db, caller) } };
      },
    });
  report(
    'duty-report',
    'getDutyReport',
    DutyReport,
    dutyReport,
    'Approved business trips (duties) of the month by employee and duty type: trips, days in the month, amount',
  );
  report(
    'clock-correction-report',
    'getClockCorrectionReport',
    ClockCorrectionReport,
    clockCorrectionReport as unknown as Loader,
    'Clock-correction requests about days of the month, with the times before and the times asked for',
  );
  report(
    'job-report',
    'getJobReport',
    JobReport,
    jobReport as unknown as Loader,
    'Job reports of the month per employee, the categories as columns: counts and hours',
  );
  report(
    'overtime-report',
    'getOvertimeReport',
    OvertimeReport,
    overtimeReport as unknown as Loader,
    "Approved overtime hours by employee and day type, and the overtime pay of the month's completed run",
  );
  report(
    'daily-payroll-report',
    'getDailyPayrollReport',
    DailyPayrollReport,
    dailyPayrollReport as unknown as Loader,
    "The month's completed daily payrolls per worker: days, wages, incentives, deductions, PPh 21",
  );
  report(
    'man-power',
    'getManPowerReport',
    ManPowerReport,
    manPowerReport as unknown as Loader,
    'Headcount at month end by department, location and employment status, joiners and leavers, twelve months',
  );

  const Cell = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Null()]);
  const PdfBody = Type.Object(
    {
      title: Type.String({ minLength: 1, maxLength: 200 }),
      subtitle: Type.String({ maxLength: 200 }),
      header: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 30 }),
      rows: Type.Array(Type.Array(Cell, { maxItems: 30 }), { maxItems: 20_000 }),
      totals: Type.Array(Cell, { maxItems: 30 }),
      kinds: Type.Array(Type.Union([Type.Literal('text'), Type.Literal('money'), Type.Literal('count')]), {
        maxItems: 30,
      }),
      lang: Type.Optional(Type.Union(payslipLanguages.map((l) => Type.Literal(l)))),
    },
    { additionalProperties: false },
  );
  app.post('/v1/reports/pdf', {
    config: { access: { kind: 'menus', menus: pdfMenus, action: 'read', company: true } },
    bodyLimit: 32 * 1024 * 1024,
    schema: {
      operationId: 'reportPdf',
      description:
        "A month report's table (the screen's header, rows and totals, as its xlsx) laid out as an A4 landscape PDF",
      tags: ['reports'],
      body: PdfBody,
      response: { 200: Type.Unsafe<Buffer>(Type.String({ format: 'binary' })), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { lang, ...table } = request.body;
      const pdf = await reportPdf({ ...table, language: lang ?? 'en' });
      return reply
        .headers({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="report.pdf"' })
        .send(pdf);
    },
  });

  app.get('/v1/duty/category', {
    config: { access: { kind: 'signed-in', company: true } },
    schema: {
      operationId: 'listDutyCategories',
      description: "The company's duty types (payroll-references → duty type), by name",
      tags: ['reports'],
      response: { 200: Type.Object({ data: Type.Array(Type.Ref(DutyCategory)) }), ...errorResponses },
    },
    handler: async (request) => ({ data: await dutyCategories(db, scopeOf(request)) }),
  });
}
