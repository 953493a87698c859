/**
 * `/v1/pph-a1/previous-pph` (spec 3 "Tax record", 7): an employee's previous employer of the tax year, from that
 * employer's 1721-A1: neto (previous_netto), PPh 21 withheld (previous_pph), the employer's name and tax id. One row per
 * employee and year; the run's last tax period adds them to the year (server/payroll/inputs.ts, PMK 168/2023).
 * Menu: the A1 form (company admins; a department admin reaches their department's employees).
 */
import { Type } from '@sinclair/typebox';
import { employeePreviousPph } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';
import { employeeRef } from '../resources/relations.ts';

const rupiah = Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Integer rupiah' });

export const previousPphResource = defineResource({
  name: 'previous-pph',
  path: '/pph-a1/previous-pph',
  table: employeePreviousPph,
  menu: 'a1-form',
  scope: 'company',
  label: 'Previous employer',
  title: (row) => `${row.year}`,
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  search: ['employer_name', 'employer_npwp'],
  filters: ['employee', 'year'],
  sort: ['year', 'previous_netto', 'previous_pph', 'created_at'],
  defaultSort: '-year',
  refine: {
    year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    previous_netto: rupiah,
    previous_pph: rupiah,
    employer_name: Type.String({ maxLength: 200 }),
    employer_npwp: Type.String({ pattern: '^[0-9.\\- ]{0,30}$', description: 'NPWP (15 or 16 digits)' }),
  },
});
