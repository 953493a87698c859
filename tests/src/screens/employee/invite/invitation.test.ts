import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import en from '../../../../../locales/en.json' with { type: 'json' };
import id from '../../../../../locales/id.json' with { type: 'json' };
import zh from '../../../../../locales/zh.json' with { type: 'json' };
import { createEnumLookup } from '../../../../../src/grids/enumLookup.ts';
import { detectHeaderRow, type ImportTarget, mapColumns } from '../../../../../src/grids/import/mapping.ts';
import { type DraftRow, draftRows } from '../../../../../src/grids/import/preview.ts';
import { parseWorkbook } from '../../../../../src/grids/import/readWorkbook.ts';
import { createReferenceIndex } from '../../../../../src/grids/references.ts';
import {
  applyInvitationReport,
  countInvitations,
  evaluateInvitation,
  hasWorkbookSignature,
  type InviteRow,
  invitationBody,
  invitationColumns,
  invitationColumnsByField,
  invitationEvaluator,
  invitationLabelKey,
  invitedFrom,
  inviteErrorText,
  isXlsxName,
  linksText,
  markInvitationDuplicates,
  serverErrorText,
} from '../../../../../src/screens/employee/invite/invitation.ts';
import { invitationTemplateBook } from '../../../../../src/screens/employee/invite/template.ts';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en }, id: { translation: id }, zh: { translation: zh } },
  interpolation: { escapeValue: false },
});
const t = i18n.t;
const tId = i18n.getFixedT('id');

const finance = { _id: '3f1e8a52-6a57-4b55-9a1d-2f8d3c9e0a11', code: 'FIN', name: 'Finance' };
const jakarta = { _id: '9b2c4d71-0a3e-4f55-8c1d-6e7f8a9b0c22', code: 'JKT', name: 'Jakarta' };
const evaluator = invitationEvaluator({
  enumLookup: createEnumLookup(i18n),
  references: createReferenceIndex({
    '/v1/refs/employees/orgs/departments': [finance],
    '/v1/refs/employees/orgs/locations': [jakarta],
  }),
});

let line = 1;
const draft = (texts: Record<string, string>): DraftRow => {
  line++;
  return { key: `r${line}`, line, source: [], texts };
};
const valid = { employee_id: 'EMP-001', fullname: 'Budi Santoso', email: 'budi@example.com' };
const check = (texts: Record<string, string>) => evaluateInvitation(draft(texts), evaluator);

describe('evaluateInvitation', () => {
  it('accepts a row with the employee ID, full name and email, and reads the other cells by kind', () => {
    const row = check({
      ...valid,
      phone: '0812-3456 7890',
      department: 'fin',
      location: 'Jakarta',
      status: 'Probation',
      join_date: '02/01/2026',
    });
    expect(row.errors).toEqual({});
    expect(row.status).toBe('new');
    expect(row.values).toMatchObject({
      employee_id: 'EMP-001',
      phone: '081234567890',
      department: finance,
      location: jakarta,
      status: 'probation',
      join_date: '2026-01-02',
    });
  });

  it('requires the employee ID, the full name and the email, mapped or not', () => {
    expect(check({ employee_id: '', fullname: 'Budi', email: ' ' }).errors).toEqual({
      employee_id: { code: 'required' },
      email: { code: 'required' },
    });
    expect(check({ employee_id: 'E1', fullname: 'Budi' }).errors).toEqual({ email: { code: 'required' } });
  });

  it('refuses an email that is not one, and keeps the text for fixing', () => {
    const row = check({ ...valid, email: 'budi.example.com' });
    expect(row.status).toBe('invalid');
    expect(row.errors).toEqual({ email: { code: 'email' } });
    expect(row.values.email).toBeUndefined();
    expect(row.texts.email).toBe('budi.example.com');
    expect(inviteErrorText(t, row.errors.email!)).toBe('Enter an email address such as name@example.com');
  });

  it('takes phone numbers of 8 to 15 digits, with an optional +, separators dropped', () => {
    expect(check({ ...valid, phone: '+62 812 3456 7890' }).values.phone).toBe('+6281234567890');
    expect(check({ ...valid, phone: '(021) 555-0199' }).values.phone).toBe('0215550199');
    for (const phone of ['0812', '08123abc456', '1234567890123456', '62+81234567']) {
      expect(check({ ...valid, phone }).errors, phone).toEqual({ phone: { code: 'phone' } });
    }
    expect(inviteErrorText(tId, { code: 'phone' })).toBe('Masukkan nomor telepon 8 sampai 15 digit, boleh diawali +');
  });

  it('refuses employee IDs and usernames the server would', () => {
    expect(check({ ...valid, employee_id: 'EMP 001' }).errors).toEqual({ employee_id: { code: 'employeeId' } });
    expect(check({ ...valid, username: 'bu' }).errors).toEqual({ username: { code: 'username' } });
    expect(check({ ...valid, username: 'budi.s' }).errors).toEqual({});
  });

  it('flags unknown references and enum labels with the grid’s own errors', () => {
    const row = check({ ...valid, department: 'Marketing', gender: 'robot' });
    expect(Object.keys(row.errors).sort()).toEqual(['department', 'gender']);
    expect(inviteErrorText(t, row.errors.gender!)).toMatch(/robot/);
  });
});

describe('markInvitationDuplicates', () => {
  it('flags a repeated employee ID, email or login, and clears the flag once fixed', () => {
    const rows = [
      check(valid),
      check({ ...valid, employee_id: 'emp-001', email: 'siti@example.com' }),
      check({ employee_id: 'EMP-003', fullname: 'Rina', email: 'BUDI@example.com' }),
      check({ employee_id: 'EMP-004', fullname: 'Dewi', email: 'dewi@example.com', username: 'EMP-001' }),
    ];
    const marked = markInvitationDuplicates(rows);
    expect(marked.map((row) => row.errors)).toEqual([
      { employee_id: { code: 'duplicate' }, email: { code: 'duplicate' } },
      { employee_id: { code: 'duplicate' } },
      { email: { code: 'duplicate' } },
      { username: { code: 'duplicate' } },
    ]);
    expect(countInvitations(marked)).toEqual({ total: 4, new: 0, invalid: 4 });

    const fixed = markInvitationDuplicates([
      marked[0]!,
      evaluateInvitation(
        { key: marked[1]!.key, line: 3, source: [], texts: { ...marked[1]!.texts, employee_id: 'EMP-002' } },
        evaluator,
      ),
      evaluateInvitation(
        { key: marked[2]!.key, line: 4, source: [], texts: { ...marked[2]!.texts, email: 'rina@example.com' } },
        evaluator,
      ),
      evaluateInvitation(
        { key: marked[3]!.key, line: 5, source: [], texts: { ...marked[3]!.texts, username: 'dewi' } },
        evaluator,
      ),
    ]);
    expect(fixed.map((row) => row.status)).toEqual(['new', 'new', 'new', 'new']);
  });

  it('never hides another problem of the cell under the repeat', () => {
    const rows = markInvitationDuplicates([check({ ...valid, phone: 'x' }), check({ ...valid, email: 'bad' })]);
    expect(rows[1]!.errors.email).toEqual({ code: 'email' });
    expect(rows[0]!.errors.email).toBeUndefined();
  });
});

describe('invitationBody', () => {
  it('sends the read values, references as ids, nothing empty', () => {
    const row = check({ ...valid, department: 'Finance', nickname: '', phone: '0812 3456 7890' });
    expect(invitationBody(row)).toEqual({
      employee_id: 'EMP-001',
      fullname: 'Budi Santoso',
      email: 'budi@example.com',
      phone: '081234567890',
      department: finance._id,
    });
  });
});

describe('the server’s reply', () => {
  const rows = [check(valid), check({ employee_id: 'EMP-002', fullname: 'Siti', email: 'siti@example.com' })];

  it('puts refusals on the cells of the rows sent, a username problem on the employee ID without a username column', () => {
    const sent = [rows[1]!];
    const next = applyInvitationReport(
      rows,
      sent,
      [{ index: 0, status: 'invalid', fields: { email: { code: 'unique', message: 'is already used' } } }],
      (field, error) => serverErrorText(t, field, error),
    );
    expect(next[0]).toBe(rows[0]);
    expect(next[1]!.status).toBe('invalid');
    expect(next[1]!.errors.email).toEqual({ code: 'server', message: 'This is already in use' });

    const username = applyInvitationReport(
      rows,
      rows,
      [{ index: 0, status: 'invalid', fields: { username: { code: 'unique', message: 'is already used' } } }],
      (field, error) => serverErrorText(t, field, error),
    );
    expect(Object.keys(username[0]!.errors)).toEqual(['employee_id']);
  });

  it('says who is already an employee, and the schema’s refusals in the invitation’s words', () => {
    expect(serverErrorText(t, 'employee_id', { code: 'exists', message: 'x' })).toBe(
      'Is already an employee of this company',
    );
    expect(serverErrorText(tId, 'email', { code: 'format', message: 'x' })).toBe(
      'Masukkan alamat email seperti nama@contoh.com',
    );
    expect(serverErrorText(t, 'department', { code: 'not_found', message: 'x' })).toBe('Does not exist');
    expect(serverErrorText(t, 'join_date', { code: 'type', message: 'x' })).toBe(t('validation.type'));
  });

  it('lists the invited employees with their links, and copies them as text', () => {
    const invited = invitedFrom(rows, [
      { index: 0, status: 'created', _id: 'a', link: 'http://x/verification?activation=1' },
      { index: 1, status: 'created', _id: 'b' },
    ]);
    expect(invited).toEqual([
      {
        _id: 'a',
        employeeId: 'EMP-001',
        fullname: 'Budi Santoso',
        email: 'budi@example.com',
        link: 'http://x/verification?activation=1',
      },
      { _id: 'b', employeeId: 'EMP-002', fullname: 'Siti', email: 'siti@example.com', link: null },
    ]);
    expect(linksText(invited)).toBe('Budi Santoso <budi@example.com>: http://x/verification?activation=1');
  });
});

describe('the file', () => {
  it('is an .xlsx workbook only', () => {
    expect(isXlsxName('karyawan.xlsx')).toBe(true);
    expect(isXlsxName('KARYAWAN.XLSX')).toBe(true);
    for (const name of ['karyawan.csv', 'karyawan.xls', 'karyawan.xlsx.csv', 'karyawan']) {
      expect(isXlsxName(name), name).toBe(false);
    }
    expect(hasWorkbookSignature(new Uint8Array([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(hasWorkbookSignature(new TextEncoder().encode('employee_id,fullname'))).toBe(false);
  });

  it('the template reads back as one valid invitation, its headers matched in any language', () => {
    for (const language of ['en', 'id', 'zh'] as const) {
      const book = invitationTemplateBook(XLSX, i18n.getFixedT(language), { department: finance, location: jakarta });
      const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }));
      expect(hasWorkbookSignature(bytes)).toBe(true);
      const sheet = parseWorkbook(bytes, { fileName: 'template.xlsx' });
      const targets: ImportTarget[] = invitationColumns.map((column) => ({
        field: column.field,
        required: Boolean(column.required),
        labels: ['en', 'id', 'zh'].map((code) =>
          String(i18n.getResource(code, 'translation', invitationLabelKey(column.field))),
        ),
      }));
      const header = detectHeaderRow(sheet.rows, targets);
      expect(header).toBe(0);
      const mapping = mapColumns(sheet.rows[0]!, targets);
      expect(mapping).toEqual(invitationColumns.map((column) => column.field));
      const [example, ...rest] = draftRows(sheet.rows, header, mapping, invitationColumnsByField);
      expect(rest).toEqual([]);
      const row: InviteRow = evaluateInvitation(example!, evaluator);
      expect(row.errors, language).toEqual({});
      expect(row.values).toMatchObject({
        employee_id: 'EMP-0001',
        email: 'budi.santoso@example.com',
        phone: '081234567890',
        department: finance,
        gender: 'male',
        status: 'probation',
      });
    }
  });
});
