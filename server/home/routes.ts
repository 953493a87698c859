/**
 * `GET /v1/dashboard`: the home page's figures for the signed-in user in one request (issue #16). Sections the
 * caller's menus do not allow are absent; dashboard.ts computes them.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { approvalContexts } from '../../common/approvals.ts';
import { dailyStatuses } from '../../common/attendance.ts';
import type { Db } from '../db/connect.ts';
import { actorOf, scopeOf } from '../http/access.ts';
import { errorResponses, Nullable, one } from '../http/schemas.ts';
import { calendarOf, loadDashboard } from './dashboard.ts';

const id = Type.String({ format: 'uuid' });
const date = Type.String({ format: 'date' });
const Context = Type.String({ enum: [...approvalContexts] });
const int = Type.Integer();
const money = Type.Integer({ description: 'Integer rupiah' });
const Person = { employee: id, user: id, fullname: Type.String() };
const Celebration = Type.Object({ ...Person, date, years: int });
const Run = Type.Object({
  id,
  status: Type.String({ enum: ['pending', 'completed'] }),
  employees: int,
  bruto: money,
  thp: money,
  pph21: money,
});

export const DashboardSchema = Type.Object(
  {
    date: { ...date, description: 'Today in Asia/Jakarta' },
    week: Type.Object({ from: date, to: date }, { description: 'This week, Monday to Sunday' }),
    today: Type.Optional(
      Type.Object(
        {
          scheduled: Type.Integer({ description: 'Working days today that are not holidays' }),
          ...Object.fromEntries(dailyStatuses.map((status) => [status, int])),
        },
        { description: "Today's attendance, counted as the daily screen's status filter counts (menu daily)" },
      ),
    ),
    waiting: Type.Optional(
      Type.Object(
        {
          total: int,
          contexts: Type.Array(Type.Object({ context: Context, count: int, oldest: Type.String() })),
        },
        { description: 'Requests waiting for my decision (the approvals inbox), by context, oldest first' },
      ),
    ),
    people: Type.Optional(
      Type.Object(
        {
          headcount: Type.Integer({
            description:
              'The people employed today, daily workers too (common/employment.ts employedOn): the daily attendance rows',
          }),
          joiners: int,
          leavers: int,
          by_department: Type.Array(
            Type.Object({ month: Type.String(), department: Nullable(id), name: Nullable(Type.String()), count: int }),
          ),
          ending: Type.Array(Type.Object({ kind: Type.String({ enum: ['pkwt', 'probation'] }), ...Person, date }), {
            description: 'PKWT contracts and probations ending in the next 30 days',
          }),
          birthdays: Type.Array(Celebration),
          anniversaries: Type.Array(Celebration),
        },
        { description: 'Menu active-employees' },
      ),
    ),
    payroll: Type.Optional(
      Type.Object(
        {
          year: int,
          month: int,
          this_month: Nullable(Run),
          last_month: Nullable(Run),
          thr: Nullable(
            Type.Object({
              holiday: date,
              name: Nullable(Type.String()),
              run: Nullable(Type.Object({ id, status: Type.String() })),
            }),
          ),
        },
        { description: 'Menu payroll-run' },
      ),
    ),
    loans: Type.Optional(
      Type.Object(
        {
          ending: int,
          items: Type.Array(
            Type.Object({
              _id: id,
              fullname: Type.String(),
              name: Type.String(),
              remaining_installment: int,
              outstanding: money,
            }),
          ),
        },
        { description: 'Active loans with one installment left (menu finance-loan)' },
      ),
    ),
    me: Type.Optional(
      Type.Object(
        {
          employee: id,
          balances: Type.Array(
            Type.Object({
              leave_rule: id,
              type: Type.String(),
              unit: Type.String(),
              remaining: Nullable(Type.Number()),
              unlimited: Type.Boolean(),
            }),
          ),
          open_requests: Type.Array(
            Type.Object({
              _id: id,
              approval_number: Type.String(),
              context: Context,
              status: Type.String(),
              start_date: date,
              end_date: date,
            }),
          ),
          latest_payslip: Nullable(
            Type.Object({ summary: id, title: Type.String(), year: int, month: int, thp: money }),
          ),
        },
        { description: "The caller's own employee record: leave, open requests, latest payslip" },
      ),
    ),
    banners: Type.Optional(
      Type.Array(
        Type.Object({
          _id: id,
          title: Type.String(),
          description: Nullable(Type.String()),
          link: Nullable(Type.String()),
          image_url: Nullable(Type.String()),
        }),
        { description: "The platform's current banners the caller has not dismissed (company users)" },
      ),
    ),
    notices: Type.Optional(
      Type.Array(
        Type.Object({ _id: id, title: Type.String(), content: Type.String(), start_date: date, end_date: date }),
        { description: "The platform's current announcements to the caller's company (its admins)" },
      ),
    ),
  },
  { $id: 'Dashboard' },
);
export const homeSchemas = [DashboardSchema];

export function homeRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/dashboard', {
    // A user outside any company (a developer) gets today's date and week: their home has no company figures.
    config: { access: { kind: 'signed-in' } },
    schema: {
      operationId: 'dashboard',
      description:
        "The home page of the signed-in user: each section only when the user's menus allow it, scoped like its list",
      tags: ['home'],
      response: { 200: one(Type.Ref(DashboardSchema)), ...errorResponses },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      return { data: actor.companyId ? await loadDashboard(db, scopeOf(request)) : calendarOf(Date.now()) };
    },
  });
}
