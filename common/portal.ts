/**
 * The portal's rules shared by the server and the client (issue 28, server/portal/README.md): who an announcement or
 * a useful link reaches, the warning letters' levels and validity, and the ID card's design and sheet geometry.
 * Pure data and functions.
 */

// ---- Audience -----------------------------------------------------------------------------------------------------

/** The lists an announcement targets; a useful link has the same minus `employees`. */
export interface Targets {
  employees?: readonly string[];
  departments?: readonly string[];
  sub_departments?: readonly string[];
  locations?: readonly string[];
  job_titles?: readonly string[];
}

/** Where an employee sits: what the targets are matched with. */
export interface Placement {
  id: string;
  department: string | null;
  sub_department: string | null;
  location: string | null;
  job_title: string | null;
}

const attributeLists = ['departments', 'sub_departments', 'locations', 'job_titles'] as const;
const attributeOf = {
  departments: 'department',
  sub_departments: 'sub_department',
  locations: 'location',
  job_titles: 'job_title',
} as const satisfies Record<(typeof attributeLists)[number], keyof Placement>;

/**
 * Whether `targets` reach `employee`: every list empty is everyone; otherwise the employees named, plus (when any
 * attribute list is set) those who match every non-empty attribute list (the department AND the location, say).
 * The SQL twin is server/portal/repository.ts `audienceSql`; tests/common/portal.test.ts keeps them together.
 */
export function reaches(targets: Targets, employee: Placement): boolean {
  const named = targets.employees ?? [];
  const set = attributeLists.filter((list) => (targets[list]?.length ?? 0) > 0);
  if (named.length === 0 && set.length === 0) return true;
  if (named.includes(employee.id)) return true;
  if (set.length === 0) return false;
  return set.every((list) => {
    const value = employee[attributeOf[list]];
    return value !== null && (targets[list] ?? []).includes(value);
  });
}

// ---- Warning letters (surat peringatan) ---------------------------------------------------------------------------

export const warningLetterTypes = ['sp_1', 'sp_2', 'sp_3'] as const;
export type WarningLetterType = (typeof warningLetterTypes)[number];

/** A letter is valid for at most six months: its end date is at most six calendar months after its start. */
export const WARNING_VALIDITY_MONTHS = 6;

/** The last end date a letter starting on `start` (YYYY-MM-DD) may have: six months later, the day before. */
export function lastValidEnd(start: string): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + WARNING_VALIDITY_MONTHS, d));
  // 31 August + 6 months is 3 March (no 31 February): clamp to the month's last day first.
  if (date.getUTCDate() !== d) date.setUTCDate(0);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The type a new letter should have on `day`: one level above the highest letter still valid then (an SP 3 stays
 * SP 3), or SP 1 when none is valid.
 */
export function proposedType(
  letters: readonly { type: WarningLetterType; start_date: string; end_date: string }[],
  day: string,
): WarningLetterType {
  const valid = letters.filter((letter) => letter.start_date <= day && day <= letter.end_date);
  const highest = Math.max(-1, ...valid.map((letter) => warningLetterTypes.indexOf(letter.type)));
  return warningLetterTypes[Math.min(highest + 1, warningLetterTypes.length - 1)]!;
}

// ---- ID cards -----------------------------------------------------------------------------------------------------

export const idCardFields = ['logo', 'photo', 'name', 'employee_id', 'job_title', 'department', 'qr'] as const;
export type IdCardField = (typeof idCardFields)[number];
export const idCardSides = ['front', 'back'] as const;
export type IdCardSide = (typeof idCardSides)[number];

/** A card's design: the fields each side shows, in order, and its colours (#rrggbb). */
export interface IdCardDesign {
  front: IdCardField[];
  back: IdCardField[];
  background: string;
  accent: string;
  text: string;
  /** A line printed on the back (a return address, "If found, please return to…"). */
  note: string;
}

export const defaultIdCardDesign: IdCardDesign = {
  front: ['logo', 'photo', 'name', 'employee_id', 'job_title', 'department'],
  back: ['qr', 'employee_id'],
  background: '#ffffff',
  accent: '#1d4ed8',
  text: '#111827',
  note: '',
};

/** CR80 (ISO/IEC 7810 ID-1) in PDF points: 85.60 × 53.98 mm, portrait. */
export const CR80 = { width: (53.98 / 25.4) * 72, height: (85.6 / 25.4) * 72 } as const;
/** A4 in points, and the sheet: 3 columns × 3 rows of cards with gutters for crop marks. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const CARD_SHEET = { columns: 3, rows: 3, gutter: 18 } as const;
export const CARDS_PER_SHEET = CARD_SHEET.columns * CARD_SHEET.rows;

/** Where card `index` of a sheet sits (top-left corner, points), centred on A4. */
export function cardSlot(index: number): { x: number; y: number } {
  const column = index % CARD_SHEET.columns;
  const row = Math.floor(index / CARD_SHEET.columns) % CARD_SHEET.rows;
  const width = CARD_SHEET.columns * CR80.width + (CARD_SHEET.columns - 1) * CARD_SHEET.gutter;
  const height = CARD_SHEET.rows * CR80.height + (CARD_SHEET.rows - 1) * CARD_SHEET.gutter;
  const left = (A4.width - width) / 2;
  const top = (A4.height - height) / 2;
  return { x: left + column * (CR80.width + CARD_SHEET.gutter), y: top + row * (CR80.height + CARD_SHEET.gutter) };
}
