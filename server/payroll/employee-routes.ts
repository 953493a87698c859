/**
 * `GET /v1/payroll-employees/{id}/payslip`: one employee's payslip for a month, for the payroll-employees screen. The
 * month's monthly run payslip when a run exists (pending or completed); otherwise a preview computed by the engine from
 * the stored data as a run would load it (nothing is written). Tenancy and department scope as every employee read:
 * another company's employee, or another department's for an admin_department caller, is a 404.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { computePayslip } from '../../common/payroll/payslip.ts';
import { bpjsSplit } from '../../common/payroll-run.ts';
import type { Db } from '../db/connect.ts';
import { scopeOf } from '../http/access.ts';
import { notFound } from '../http/errors.ts';
import { errorResponses, Nullable } from '../http/schemas.ts';
import { loadCompanySettings, loadMonthlyInputs, loadRunEmployees } from './inputs.ts';
import { employeeReached, monthlyPayslipOf } from './repository.ts';

const access = { kind: 'menu', menu: 'payroll-employees', action: 'read', company: true } as const;
const rupiah = Type.Integer({ description: 'Integer rupiah' });

const EmployeePayslip = Type.Object(
  {
    /** `run`: the month's monthly run has it; `preview`: computed now, not stored; `none`: not paid this month. */
    source: Type.Union([Type.Literal('run'), Type.Literal('preview'), Type.Literal('none')]),
    run: Nullable(
      Type.Object({
        _id: Type.String({ format: 'uuid' }),
        title: Type.String(),
        status: Type.Union([Type.Literal('pending'), Type.Literal('completed')]),
      }),
    ),
    payslip: Nullable(
      Type.Object({
        lines: Type.Array(Type.Ref('PayslipLine')),
        bruto: rupiah,
        pph21: rupiah,
        thp: rupiah,
        bpjs_employee: rupiah,
        bpjs_company: rupiah,
        bpjs: Type.Record(Type.String(), Type.Integer()),
      }),
    ),
  },
  { $id: 'EmployeePayslip' },
);

export const employeePayrollSchemas = [EmployeePayslip];

export function employeePayrollRoutes(fastify: FastifyInstance, db: Db) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/v1/payroll-employees/:id/payslip', {
    config: { access },
    schema: {
      operationId: 'employeeMonthPayslip',
      tags: ['payroll'],
      description:
        "One employee's payslip for a month: the monthly run's when one exists, else a preview by the engine.",
      params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
      querystring: Type.Object(
        {
          year: Type.Integer({ minimum: 2000, maximum: 2100 }),
          month: Type.Integer({ minimum: 1, maximum: 12 }),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Ref(EmployeePayslip) }), ...errorResponses },
    },
    handler: async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const period = request.query;
      // Another company's employee, or another department's for a department admin, is a 404.
      if (!(await employeeReached(db, scope, id))) throw notFound('Employee');
      const stored = await monthlyPayslipOf(db, scope, id, period);
      if (stored) {
        const { summary, payslip } = stored;
        return {
          data: {
            source: 'run' as const,
            run: { _id: summary.id, title: summary.title, status: summary.status },
            payslip: {
              lines: payslip.lines as never,
              bruto: payslip.bruto,
              pph21: payslip.pph21,
              thp: payslip.thp,
              bpjs_employee: payslip.bpjs_employee,
              bpjs_company: payslip.bpjs_company,
              bpjs: payslip.bpjs,
            },
          },
        };
      }
      // No run yet: what a run would compute now, loaded as a run loads a batch (a batch of one).
      const [settings, people] = await Promise.all([
        loadCompanySettings(db, scope.companyId),
        loadRunEmployees(db, scope.companyId, period, [id]),
      ]);
      const [mine] = people.length ? await loadMonthlyInputs(db, scope.companyId, period, people) : [];
      if (!mine) return { data: { source: 'none' as const, run: null, payslip: null } };
      const result = computePayslip(mine.input, settings);
      return {
        data: {
          source: 'preview' as const,
          run: null,
          payslip: {
            lines: result.lines as never,
            bruto: result.bruto,
            pph21: result.pph21,
            thp: result.thp,
            bpjs_employee: result.bpjs.total_employee,
            bpjs_company: result.bpjs.total_employer,
            bpjs: bpjsSplit(result),
          },
        },
      };
    },
  });
}
