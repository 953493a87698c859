/**
 * Bank transfer files of a completed payroll (issue 27 section 5, decision 0176). Pure data and functions: the server
 * builds the transfer rows (server/payroll/bank-file.ts), the browser writes them as CSV or xlsx.
 *
 * The four major banks' bulk-payroll upload layouts (KlikBCA Bisnis multi payroll, Mandiri MCM/Kopra, BNIDirect,
 * BRI CMS) could not be verified from public material: their field layouts are given to customers by the bank (BCA
 * through its own converter application), and what is public names the feature, not the fields. So no bank-specific
 * layout is written (a guessed layout would be refused at upload, or worse, accepted wrong); every paying bank gets the
 * generic file, which the bank's own converter or template takes column by column. `layout` is where a verified
 * layout would go.
 */

/** The banks a company pays from, with what is known of their upload layout. */
export const payingBanks = ['BCA', 'Mandiri', 'BNI', 'BRI', 'other'] as const;
export type PayingBank = (typeof payingBanks)[number];

export interface PayingBankFacts {
  /** The bank's own bulk-payroll layout, when verified from public material (none is: decision 0176). */
  layout: null;
  /** The bank's upload channel, for the dialog's note. */
  channel: string;
}

export const payingBankFacts = {
  BCA: { layout: null, channel: 'KlikBCA Bisnis' },
  Mandiri: { layout: null, channel: 'Kopra / Mandiri Cash Management' },
  BNI: { layout: null, channel: 'BNIDirect' },
  BRI: { layout: null, channel: 'BRI CMS (QLola)' },
  other: { layout: null, channel: '' },
} as const satisfies Record<PayingBank, PayingBankFacts>;

/** One transfer: the generic file's row. */
export interface BankTransfer {
  account: string;
  name: string;
  bank: string;
  amount: number;
  reference: string;
}

/** The generic file's columns, in order (the header row's words). */
export const bankFileColumns = [
  'account',
  'name',
  'bank',
  'amount',
  'reference',
] as const satisfies readonly (keyof BankTransfer)[];

/** A spreadsheet runs a cell starting with = + - @ as a formula: such text gets a leading apostrophe. */
const safeText = (text: string) => (/^(?:[\t\r\n]|\s*[=+\-@])/.test(text) ? `'${text}` : text);

const csvField = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : safeText(value);
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The generic CSV: a header row, one row per transfer, amounts as whole rupiah without separators, CRLF lines. */
export function bankFileCsv(rows: readonly BankTransfer[]): string {
  const lines = [bankFileColumns.join(',')];
  for (const row of rows) lines.push(bankFileColumns.map((column) => csvField(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A transfer reference of at most 35 characters (the common limit of Indonesian interbank remarks). */
export const transferReference = (title: string, employeeNumber: string) =>
  `${title} ${employeeNumber}`.replace(/\s+/g, ' ').trim().slice(0, 35);
