/**
 * The import template of a grid: `<resource>-template.xlsx` with the importable columns' headers in the current
 * language (required ones marked ' *', which the import's header matching ignores), one example row, and a
 * 'Choices' sheet listing each enum column's labels. The example row is what `parseCell` reads back, so the template
 * imports as it is once the example's references exist.
 */

import type { TFunction } from 'i18next';
import type { WorkBook } from 'xlsx';
import { jakartaToday } from '../../../common/employment.ts';
import { listRows } from '../api.ts';
import { columnWidths, downloadWorkbook, exportCell, sheetName, type Xlsx } from '../export.ts';
import { isEditableColumn } from '../kinds.ts';
import { fieldLabel, resourceTitle } from '../labels.ts';
import { formatCell } from '../parse.ts';
import type { AnyColumn, AnyGridSpec, ColumnKind, RefValue } from '../types.ts';

/** The columns an import writes: editable ones (never computed, file or read-only columns). */
export const importableColumns = (spec: AnyGridSpec): AnyColumn[] =>
  spec.columns.filter((column: AnyColumn) => isEditableColumn(column));

/** A sample referenced record per reference field, when one could be loaded. */
export type ReferenceExamples = Readonly<Record<string, RefValue | undefined>>;

const clamp = (value: number, column: AnyColumn) =>
  Math.min(column.max ?? Number.POSITIVE_INFINITY, Math.max(column.min ?? Number.NEGATIVE_INFINITY, value));

interface ExampleInput {
  column: AnyColumn;
  t: TFunction;
  references: ReferenceExamples;
}

/** A plausible value per kind, as the cell holds it (null: no example, the cell stays empty). */
const examples: Record<ColumnKind, (input: ExampleInput) => unknown> = {
  text: ({ column, t }) => (column.digits ? '0123456789' : t('import.template.exampleText')),
  longText: ({ t }) => t('import.template.exampleLongText'),
  phone: () => '081234567890',
  number: ({ column }) => clamp(10, column),
  money: ({ column }) => clamp(5_000_000, column),
  percent: ({ column }) => clamp(5, column),
  date: () => jakartaToday(),
  time: () => '08:00',
  enum: ({ column }) => column.enum?.values[0] ?? null,
  enumList: ({ column }) => column.enum?.values.slice(0, 2) ?? null,
  boolean: () => true,
  reference: ({ column, references }) => references[column.field] ?? null,
  file: () => null,
  computed: () => null,
};

/** The template workbook: the data sheet, and 'Choices' when a column is an enum. */
export function templateBook(
  XLSX: Xlsx,
  spec: AnyGridSpec,
  t: TFunction,
  references: ReferenceExamples = {},
): WorkBook {
  return templateWorkbook(XLSX, t, {
    columns: importableColumns(spec),
    label: (field) => fieldLabel(t, spec, field),
    example: (column) => examples[column.kind]({ column, t, references }),
    sheet: sheetName(resourceTitle(t, spec), spec.resource),
  });
}

/** What a template holds: its columns, their labels, the example row's values and the data sheet's name. */
export interface TemplateContent {
  columns: readonly AnyColumn[];
  label: (field: string) => string;
  example: (column: AnyColumn) => unknown;
  sheet: string;
}

/** A template workbook: the data sheet (headers, one example row) and 'Choices' when a column is an enum. */
export function templateWorkbook(XLSX: Xlsx, t: TFunction, content: TemplateContent): WorkBook {
  const { columns, label } = content;
  const header = columns.map((column) => ({
    t: 's' as const,
    v: `${label(column.field)}${column.required ? ' *' : ''}`,
  }));
  const example = columns.map((column) => exportCell(column, content.example(column), t, 'xlsx'));
  const sheet = XLSX.utils.aoa_to_sheet([header, example], { dense: true });
  sheet['!cols'] = columnWidths(columns);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, content.sheet);

  const enums = columns.filter((column) => column.kind === 'enum' && column.enum);
  if (enums.length) {
    const longest = Math.max(...enums.map((column) => column.enum!.values.length));
    const rows = [
      enums.map((column) => label(column.field)),
      ...Array.from({ length: longest }, (_, i) =>
        enums.map((column) => {
          const value = column.enum!.values[i];
          return value === undefined ? null : formatCell(column, value, t);
        }),
      ),
    ];
    const choices = XLSX.utils.aoa_to_sheet(rows, { dense: true });
    choices['!cols'] = enums.map(() => ({ wch: 24 }));
    XLSX.utils.book_append_sheet(book, choices, sheetName(t('import.template.choicesSheet'), 'Choices'));
  }
  return book;
}

/** One record of each referenced list, as the example's reference (a failed or empty list leaves it empty). */
export async function loadReferenceExamples(columns: readonly AnyColumn[]): Promise<ReferenceExamples> {
  const references = columns.filter((column) => column.kind === 'reference' && column.reference);
  const found = await Promise.all(
    references.map((column) =>
      listRows(column.reference!.path, { limit: 1 })
        .then((reply) => reply.data[0] as RefValue | undefined)
        .catch(() => undefined),
    ),
  );
  return Object.fromEntries(references.map((column, i) => [column.field, found[i]]));
}

/** Downloads `<resource>-template.xlsx`. */
export async function downloadTemplate(spec: AnyGridSpec, t: TFunction): Promise<void> {
  const [XLSX, references] = await Promise.all([import('xlsx'), loadReferenceExamples(importableColumns(spec))]);
  downloadWorkbook(XLSX, templateBook(XLSX, spec, t, references), `${spec.resource}-template.xlsx`);
}
