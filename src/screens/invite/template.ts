/**
 * The invitation template (`employee-invitation-template.xlsx`): the invitation's fields as headers in the current
 * language (required ones marked ' *', which header matching ignores), one example employee, and a 'Choices' sheet
 * with the labels of the choice columns. The example reads back as a valid row once its references exist.
 */
import type { TFunction } from 'i18next';
import type { WorkBook } from 'xlsx';
import { listRows } from '../../grids/api.ts';
import { columnWidths, downloadWorkbook, exportCell, sheetName, type Xlsx } from '../../grids/export.ts';
import { formatCell } from '../../grids/parse.ts';
import type { RefValue } from '../../grids/types.ts';
import { invitationColumns, invitationLabel } from './invitation.ts';

export const TEMPLATE_FILE = 'employee-invitation-template.xlsx';

/** A referenced record per reference field, for the example row (missing: the cell stays empty). */
export type ReferenceExamples = Readonly<Record<string, RefValue | undefined>>;

const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** The example employee, by field; references come from the company's own lists. */
function exampleValues(references: ReferenceExamples): Record<string, unknown> {
  return {
    employee_id: 'EMP-0001',
    fullname: 'Budi Santoso',
    email: 'budi.santoso@example.com',
    phone: '081234567890',
    username: null,
    nickname: 'Budi',
    gender: 'male',
    birth_date: '1990-05-17',
    department: references.department ?? null,
    sub_department: null,
    job_title: references.job_title ?? null,
    location: references.location ?? null,
    join_date: today(),
    status: 'probation',
  };
}

export function invitationTemplateBook(XLSX: Xlsx, t: TFunction, references: ReferenceExamples = {}): WorkBook {
  const header = invitationColumns.map((column) => ({
    t: 's' as const,
    v: `${invitationLabel(t, column.field)}${column.required ? ' *' : ''}`,
  }));
  const values = exampleValues(references);
  const example = invitationColumns.map((column) => exportCell(column, values[column.field], t, 'xlsx'));
  const sheet = XLSX.utils.aoa_to_sheet([header, example], { dense: true });
  sheet['!cols'] = columnWidths(invitationColumns);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName(t('invite.template.sheet'), 'Invitations'));

  const enums = invitationColumns.filter((column) => column.kind === 'enum' && column.enum);
  const longest = Math.max(...enums.map((column) => column.enum!.values.length));
  const choices = XLSX.utils.aoa_to_sheet(
    [
      enums.map((column) => invitationLabel(t, column.field)),
      ...Array.from({ length: longest }, (_, i) =>
        enums.map((column) => {
          const value = column.enum!.values[i];
          return value === undefined ? null : formatCell(column, value, t);
        }),
      ),
    ],
    { dense: true },
  );
  choices['!cols'] = enums.map(() => ({ wch: 24 }));
  XLSX.utils.book_append_sheet(book, choices, sheetName(t('import.template.choicesSheet'), 'Choices'));
  return book;
}

/** One record of each referenced list (a list the user cannot read, or an empty one, leaves the cell empty). */
async function loadReferenceExamples(): Promise<ReferenceExamples> {
  const references = invitationColumns.filter((column) => column.reference && column.field !== 'sub_department');
  const found = await Promise.all(
    references.map((column) =>
      listRows(column.reference!.path, { limit: 1 })
        .then((reply) => reply.data[0] as RefValue | undefined)
        .catch(() => undefined),
    ),
  );
  return Object.fromEntries(references.map((column, i) => [column.field, found[i]]));
}

/** Downloads the invitation template. */
export async function downloadInvitationTemplate(t: TFunction): Promise<void> {
  const [XLSX, references] = await Promise.all([import('xlsx'), loadReferenceExamples()]);
  downloadWorkbook(XLSX, invitationTemplateBook(XLSX, t, references), TEMPLATE_FILE);
}
