/** Shared fixtures of the grid data-layer tests: an i18next instance with the real locales plus test enums. */
import i18next, { type TFunction } from 'i18next';
import en from '../../../locales/en.json' with { type: 'json' };
import id from '../../../locales/id.json' with { type: 'json' };
import zh from '../../../locales/zh.json' with { type: 'json' };
import { createEnumLookup } from '../../../src/grids/enumLookup.ts';
import type { GridRow, PasteInput } from '../../../src/grids/paste.ts';
import { createReferenceIndex } from '../../../src/grids/references.ts';
import type { AnyColumn, ParseContext, RefValue } from '../../../src/grids/types.ts';

/** Employment status labels, as a grid's enum would have them under `enums.<key>`. */
const enums = {
  en: { employmentStatus: { permanent: 'Permanent', contract: 'Contract', probation: 'Probation' } },
  id: { employmentStatus: { permanent: 'Tetap', contract: 'Kontrak', probation: 'Masa Percobaan' } },
  zh: { employmentStatus: { permanent: '正式', contract: '合同', probation: '试用期' } },
};

export function makeI18n(language: 'en' | 'id' | 'zh' = 'en') {
  const instance = i18next.createInstance();
  void instance.init({
    resources: {
      en: { translation: { ...en, enums: enums.en } },
      id: { translation: { ...id, enums: enums.id } },
      zh: { translation: { ...zh, enums: enums.zh } },
    },
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

export const tFor = (language: 'en' | 'id' | 'zh' = 'en'): TFunction => makeI18n(language).t;

export const employees: RefValue[] = [
  { _id: 'e1', fullname: 'Budi Santoso', employee_id: 'E-001' },
  { _id: 'e2', fullname: 'Siti Rahayu', employee_id: 'E-002' },
  { _id: 'e3', fullname: 'Budi Santoso', employee_id: 'E-003' },
  { _id: 'e4', fullname: 'Ratna Wulandari', employee_id: 'E-004' },
];

export function makeContext(records: Record<string, RefValue[]> = { '/v1/employees': employees }): ParseContext {
  return { enumLookup: createEnumLookup(makeI18n()), references: createReferenceIndex(records) };
}

export const col = {
  text: { field: 'name', kind: 'text' },
  code: { field: 'code', kind: 'text', required: true },
  account: { field: 'account', kind: 'text', digits: true },
  notes: { field: 'notes', kind: 'longText' },
  number: { field: 'hours', kind: 'number' },
  bounded: { field: 'days', kind: 'number', min: 0, max: 31 },
  money: { field: 'salary', kind: 'money' },
  percent: { field: 'rate', kind: 'percent' },
  date: { field: 'join_date', kind: 'date' },
  time: { field: 'start', kind: 'time' },
  enum: {
    field: 'status',
    kind: 'enum',
    enum: { key: 'employmentStatus', values: ['permanent', 'contract', 'probation'] },
  },
  boolean: { field: 'active', kind: 'boolean' },
  reference: {
    field: 'head',
    kind: 'reference',
    reference: { path: '/v1/employees', label: 'fullname', code: 'employee_id' },
  },
  file: { field: 'photo', kind: 'file' },
  computed: { field: 'total', kind: 'computed', compute: () => 1 },
} satisfies Record<string, AnyColumn>;

/**
 * A paste of 1,000 rows × 8 columns onto 600 loaded rows: 600 changes and 400 new rows. The unit test checks its plan,
 * bench/units.ts times it.
 */
export function largePasteInput(): PasteInput {
  const columns: AnyColumn[] = [
    { field: 'code', kind: 'text', required: true },
    { field: 'name', kind: 'text' },
    { field: 'salary', kind: 'money', min: 0 },
    { field: 'rate', kind: 'percent' },
    { field: 'join_date', kind: 'date' },
    col.enum,
    col.boolean,
    col.reference,
  ];
  const rows: GridRow[] = Array.from({ length: 600 }, (_, n) => ({ _id: `r${n}`, code: `C${n}` }));
  const block = Array.from({ length: 1000 }, (_, n) => [
    `C${n}`,
    `Name ${n}`,
    `Rp ${n}.000`,
    '2,5%',
    '31/12/2024',
    'Kontrak',
    'ya',
    n % 2 ? 'E-002' : 'Siti Rahayu',
  ]);
  return {
    rows,
    columns,
    start: { rowIndex: 0, columnIndex: 0 },
    block,
    ctx: makeContext(),
    canCreate: true,
    isEditable: (row, column) =>
      typeof column.editable === 'function' ? column.editable(row) : column.editable !== false,
  };
}
