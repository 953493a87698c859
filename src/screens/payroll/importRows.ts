/**
 * payroll-import's rows (pure): the month's template from `GET /v1/payroll-summary/template`, the fields a file's
 * columns may fill (employee, name, year, month, one per component), each file row read and checked cell by cell
 * before anything is sent, and the body of `POST /v1/payroll-summary/import`.
 */
import { api, call, INLINE_ERRORS_HEADER, type Schemas } from '../../api/client.ts';
import { cellText } from '../../grids/import/preview.ts';
import type { Cell } from '../../grids/import/protocol.ts';
import { readNumber } from '../../grids/parse.ts';

export type Template = Schemas['PayrollImportTemplate'];
export type Component = Template['components'][number];
export type ComponentCategory = Component['category'];

export const loadTemplate = (year: number, month: number) =>
  call(api.GET('/v1/payroll-summary/template', { params: { query: { year, month } } })).then((reply) => reply.data);

/** The fixed fields of a file; every other field is a component key. */
export const fixedFields = ['employee_id', 'fullname', 'year', 'month'] as const;
export type FixedField = (typeof fixedFields)[number];

export type ProblemCode = 'required' | 'year' | 'month' | 'amount' | 'unknownEmployee' | 'duplicate' | 'server';
export interface Problem {
  code: ProblemCode;
  /** The server's reason, translated (code `server`). */
  detail?: string;
}

export interface PayrollImportRow {
  key: string;
  /** The file's row number. */
  line: number;
  excluded: false;
  /** The cell texts by field, as read. */
  texts: Record<string, string>;
  /** The name of the month's employee the id points at (from the template), for the preview. */
  employeeName: string | null;
  year: number | null;
  month: number | null;
  /** Amount per component key: only the filled cells (an empty cell leaves that component as it is). */
  amounts: Record<string, number>;
  /** Problems by field: shown on their cells. */
  problems: Record<string, Problem>;
}

export interface ReadContext {
  /** The month chosen on the screen: the rows' month when the file has no year or month column. */
  period: { year: number; month: number };
  template: Template;
  /** Which field each file column fills (null: not imported). */
  mapping: readonly (string | null)[];
}

const readInteger = (text: string) => {
  const value = readNumber(text, { single: 'auto' });
  return value !== null && Number.isInteger(value) ? value : null;
};

/** The sheet's rows after the header row, read and checked; rows with no filled cell are skipped. */
export function readRows(rows: readonly (readonly Cell[])[], headerRow: number, context: ReadContext) {
  const { period, template, mapping } = context;
  const components = new Set(template.components.map((component) => component.key));
  const monthEmployees = new Map(template.employees.map((e) => [e.employee_id.trim().toLowerCase(), e.fullname]));
  const seen = new Map<string, number>();
  const out: PayrollImportRow[] = [];
  for (let r = headerRow + 1; r < rows.length; r++) {
    const source = rows[r] ?? [];
    const texts: Record<string, string> = {};
    mapping.forEach((field, index) => {
      if (field) texts[field] = cellText(source[index]).trim();
    });
    if (Object.values(texts).every((text) => !text)) continue;
    const problems: Record<string, Problem> = {};
    const employee = (texts.employee_id ?? '').toLowerCase();
    if (!employee) problems.employee_id = { code: 'required' };
    const year = 'year' in texts ? readInteger(texts.year ?? '') : period.year;
    if (year === null || year < 2000 || year > 2100) problems.year = { code: 'year' };
    const month = 'month' in texts ? readInteger(texts.month ?? '') : period.month;
    if (month === null || month < 1 || month > 12) problems.month = { code: 'month' };
    const samePeriod = year === period.year && month === period.month;
    // The month on screen is the template's: an id not among its payroll employees is refused here already.
    if (employee && samePeriod && !monthEmployees.has(employee)) problems.employee_id = { code: 'unknownEmployee' };
    const key = `${employee}|${year}|${month}`;
    if (employee && !problems.employee_id && seen.has(key)) problems.employee_id = { code: 'duplicate' };
    seen.set(key, r + 1);
    const amounts: Record<string, number> = {};
    for (const [field, text] of Object.entries(texts)) {
      if (!components.has(field) || text === '') continue;
      const value = readNumber(text, { currency: true, single: 'auto' });
      if (value === null || !Number.isInteger(value) || value < 0 || value > 100_000_000_000) {
        problems[field] = { code: 'amount' };
      } else {
        amounts[field] = value;
      }
    }
    out.push({
      key: `r${r + 1}`,
      line: r + 1,
      excluded: false,
      texts,
      employeeName: monthEmployees.get(employee) ?? null,
      year,
      month,
      amounts,
      problems,
    });
  }
  return out;
}

/** Where the rows go: a month's components (absent), or a daily payroll's inputs (issue 15). */
export interface PayrollImportTarget {
  type: 'weekly';
  summary: string;
}

export const importBody = (rows: readonly PayrollImportRow[], target?: PayrollImportTarget) => ({
  ...(target ? { type: target.type, summary: target.summary } : {}),
  rows: rows.map((row) => ({
    employee_id: row.texts.employee_id ?? '',
    year: row.year as number,
    month: row.month as number,
    amounts: row.amounts,
  })),
});

export async function sendImport(rows: readonly PayrollImportRow[], target?: PayrollImportTarget) {
  const reply = await call(
    api.POST('/v1/payroll-summary/import', {
      body: importBody(rows, target),
      headers: { [INLINE_ERRORS_HEADER]: '1' },
    }),
  );
  return reply.data;
}

/** The template's sheet: a header row of labels, then one row per employee of the month with its current amounts. */
export function templateSheet(
  template: Template,
  period: { year: number; month: number },
  labelOf: (field: string) => string,
): (string | number)[][] {
  const fields = [...fixedFields, ...template.components.map((component) => component.key)];
  return [
    fields.map(labelOf),
    ...template.employees.map((employee) => [
      employee.employee_id,
      employee.fullname,
      period.year,
      period.month,
      ...template.components.map((component) => employee.amounts[component.key] ?? ''),
    ]),
  ];
}
