/**
 * The portal's lists (issue 28, spec 3 and 7), generic resources: `announcements`, `useful-links` and
 * `employees/surat-peringatan` (warning letters). What they carry beyond a table is in ./README.md: rich text
 * sanitised before it is stored (./sanitize.ts), links http(s) only, a letter valid at most six months and private
 * like salary data.
 */
import { Type } from '@sinclair/typebox';
import { lastValidEnd, WARNING_VALIDITY_MONTHS } from '../../common/portal.ts';
import { announcements, usefulLinks, warningLetters } from '../db/schema.ts';
import { ATTACHMENT_PATTERN } from '../files/attachments.ts';
import type { CheckResult } from '../resources/define.ts';
import { defineResource } from '../resources/define.ts';
import { employeeRef } from '../resources/relations.ts';

const ids = Type.Array(Type.String({ format: 'uuid' }), { maxItems: 10_000, uniqueItems: true });
const targets = { employees: ids, departments: ids, sub_departments: ids, locations: ids, job_titles: ids };

/** An end date before the start date is refused on the end date. */
function datesInOrder(row: Readonly<Record<string, unknown>>): CheckResult | null {
  const start = row.start_date as string | undefined;
  const end = row.end_date as string | undefined;
  if (start && end && end < start) {
    return { errors: { end_date: { code: 'before_start', message: 'The end date is before the start date' } } };
  }
  return null;
}

export const announcementsResource = defineResource({
  name: 'announcements',
  path: '/announcements',
  table: announcements,
  menu: 'announcements',
  scope: 'company',
  label: 'Announcement',
  title: (row) => String(row.title ?? ''),
  search: ['title', 'content'],
  filters: ['start_date', 'end_date', 'created_at'],
  sort: ['start_date', 'end_date', 'title', 'created_at', 'updated_at'],
  defaultSort: '-start_date',
  refine: {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    content: Type.String({ maxLength: 100_000, description: 'Rich text (HTML); sanitised on the server' }),
    ...targets,
  },
  check: datesInOrder,
});

export const usefulLinksResource = defineResource({
  name: 'useful-links',
  path: '/useful-links',
  table: usefulLinks,
  menu: 'links',
  scope: 'company',
  label: 'Useful link',
  title: (row) => String(row.display ?? ''),
  search: ['display', 'link'],
  filters: ['display', 'created_at'],
  sort: ['display', 'created_at', 'updated_at'],
  defaultSort: 'display',
  naturalKey: 'display',
  refine: {
    display: Type.String({ minLength: 1, maxLength: 200 }),
    link: Type.String({ maxLength: 2000, pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/$.?#][^\\s]*$', format: 'uri' }),
    departments: ids,
    sub_departments: ids,
    locations: ids,
    job_titles: ids,
  },
});

/** Valid at most six months (spec: issue 28), after the dates' order. */
function letterCheck(row: Readonly<Record<string, unknown>>): CheckResult | null {
  const order = datesInOrder(row);
  if (order) return order;
  const start = row.start_date as string | undefined;
  const end = row.end_date as string | undefined;
  if (start && end && end > lastValidEnd(start)) {
    return {
      errors: {
        end_date: {
          code: 'too_long',
          message: `A warning letter is valid at most ${WARNING_VALIDITY_MONTHS} months (until ${lastValidEnd(start)})`,
        },
      },
    };
  }
  return null;
}

/** The fields only payroll-permission levels see, like salary data (the employee named stays visible to the menu). */
export const warningLetterPrivateFields = ['type', 'start_date', 'end_date', 'description', 'attachment'] as const;

export const warningLettersResource = defineResource({
  name: 'warning-letters',
  path: '/employees/surat-peringatan',
  table: warningLetters,
  menu: 'warning-letter',
  scope: 'company',
  label: 'Warning letter',
  title: (row) => `${String(row.type ?? '').toUpperCase()} ${String(row.start_date ?? '')}`,
  search: ['description'],
  filters: ['employee', 'type', 'start_date', 'end_date', 'created_at'],
  sort: ['start_date', 'end_date', 'type', 'created_at', 'updated_at'],
  defaultSort: '-start_date',
  relations: { employee: employeeRef },
  department: { employee: 'employee' },
  private: { menu: 'payroll-employees', fields: warningLetterPrivateFields },
  refine: {
    description: Type.String({ maxLength: 5000 }),
    attachment: Type.Union([Type.String({ pattern: ATTACHMENT_PATTERN }), Type.Null()]),
  },
  check: letterCheck,
});

export const portalResources = [announcementsResource, usefulLinksResource, warningLettersResource];
