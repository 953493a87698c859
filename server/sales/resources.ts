/**
 * The sales menu's generic resources (issue 29, server/sales/README.md): the job-report categories (`job-report/category`,
 * spec 7; admins edit them on the job recap) and the sales objectives (targets per employee and month; achievement is
 * computed on read by ./repository.ts, never stored).
 */
import { Type } from '@sinclair/typebox';
import { jobReportCategories, salesObjectives } from '../db/schema.ts';
import { defineResource } from '../resources/define.ts';
import { employeeRef } from '../resources/relations.ts';

const code = Type.String({ pattern: '^[A-Za-z0-9._-]{1,30}$', description: 'Letters, digits, dot, dash, underscore' });
const name = Type.String({ minLength: 1, maxLength: 200 });
const target = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description });

/** job-report/category: the company's job categories an employee picks when reporting a job. */
export const jobReportCategoriesResource = defineResource({
  name: 'job-report-categories',
  path: '/job-report/category',
  table: jobReportCategories,
  menu: 'job-recap',
  scope: 'company',
  label: 'Job report category',
  title: (row) => `${row.name} (${row.code})`,
  search: ['code', 'name'],
  filters: ['code', 'created_at'],
  sort: ['code', 'name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  naturalKey: 'code',
  refine: { code, name },
});

/** sales-objective: an employee's targets for one month (one row per employee and month). */
export const salesObjectivesResource = defineResource({
  name: 'sales-objectives',
  path: '/sales-objective',
  table: salesObjectives,
  menu: 'sales-objective',
  scope: 'company',
  label: 'Sales objective',
  title: (row) => `${row.year}-${String(row.month).padStart(2, '0')}`,
  search: [],
  filters: ['employee', 'year', 'month'],
  sort: ['year', 'month', 'visits_target', 'new_stores_target', 'order_value_target', 'created_at', 'updated_at'],
  defaultSort: '-year,-month,created_at',
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  refine: {
    year: Type.Integer({ minimum: 2000, maximum: 2100 }),
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    visits_target: target('Visits in the month'),
    new_stores_target: target('Stores first visited in the month'),
    order_value_target: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000, description: 'Integer rupiah' }),
  },
});

export const salesResources = [jobReportCategoriesResource, salesObjectivesResource];
