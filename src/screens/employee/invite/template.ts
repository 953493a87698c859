/**
 * The invitation template (`employee-invitation-template.xlsx`): the invitation's fields as headers in the current
 * language (required ones marked ' *', which header matching ignores), one example employee, and a 'Choices' sheet
 * with the labels of the choice columns. The example reads back as a valid row once its references exist.
 */
import type { TFunction } from 'i18next';
import type { WorkBook } from 'xlsx';
import { jakartaToday } from '../../../../common/employment.ts';
import { downloadWorkbook, sheetName, type Xlsx } from '../../../grids/export.ts';
import { loadReferenceExamples, type ReferenceExamples, templateWorkbook } from '../../../grids/import/template.ts';
import { invitationColumns, invitationLabel } from './invitation.ts';

export const TEMPLATE_FILE = 'employee-invitation-template.xlsx';

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
    join_date: jakartaToday(),
    status: 'probation',
  };
}

export function invitationTemplateBook(XLSX: Xlsx, t: TFunction, references: ReferenceExamples = {}): WorkBook {
  const values = exampleValues(references);
  return templateWorkbook(XLSX, t, {
    columns: invitationColumns,
    label: (field) => invitationLabel(t, field),
    example: (column) => values[column.field],
    sheet: sheetName(t('invite.template.sheet'), 'Invitations'),
  });
}

/** Downloads the invitation template (the example's sub-department stays empty: no list is read for it). */
export async function downloadInvitationTemplate(t: TFunction): Promise<void> {
  const [XLSX, references] = await Promise.all([
    import('xlsx'),
    loadReferenceExamples(invitationColumns.filter((column) => column.field !== 'sub_department')),
  ]);
  downloadWorkbook(XLSX, invitationTemplateBook(XLSX, t, references), TEMPLATE_FILE);
}
