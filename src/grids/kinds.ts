/**
 * Column kinds mapped once to what the grid needs: default width, alignment, editor, column filter, how a value is
 * shown, compared and sent to the API. Everything that varies by kind is a row of `kinds`; nothing branches on a
 * kind anywhere else.
 */
import type { TFunction } from 'i18next';
import { displayPhone } from '../../common/contact.ts';
import { formatDate, formatRupiah } from '../format.ts';
import type { AnyColumn, ColumnKind, RefValue } from './types.ts';

/** The editor a kind uses (`editors.tsx` maps each to an AG Grid editor). */
export type EditorKind = 'text' | 'longText' | 'number' | 'enum' | 'date' | 'boolean' | 'reference' | 'none';
/** AG Grid's Community column filters. */
export type FilterKind = 'agTextColumnFilter' | 'agNumberColumnFilter' | 'agDateColumnFilter';

export interface KindBehaviour {
  /** Pixels: the column's width, or its least width when it grows (`flex`). */
  width: number;
  /** Share of the spare width the column takes on wide screens (text-like columns); 0: a fixed width. */
  flex: number;
  align: 'start' | 'end' | 'center';
  editor: EditorKind;
  filter: FilterKind | null;
  /** The cell's text on screen ('Rp 5.000.000', '01 Jan 2025', the enum label, the referenced name). */
  display(value: unknown, column: AnyColumn, t: TFunction, language: string): string;
  /** The value the API takes for the cell's value: a reference's id, never a computed value. */
  toApi(value: unknown): unknown;
  /** Sorts and filters by this (numbers stay numbers, references by label). */
  sortValue(value: unknown, column: AnyColumn): string | number | null;
}

/** No value: null, undefined or the empty text. */
export const isBlank = (value: unknown) => value === null || value === undefined || value === '';
const asText = (value: unknown) => (isBlank(value) ? '' : String(value));
const asNumber = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const grouping = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** A reference cell holds the populated record, or a bare id before population, or null. */
export const refLabel = (value: unknown, column: AnyColumn): string => {
  if (isBlank(value)) return '';
  if (typeof value !== 'object') return String(value);
  const record = value as RefValue;
  const label = record[column.reference?.label ?? 'name'];
  return isBlank(label) ? record._id : String(label);
};

const textKind: KindBehaviour = {
  width: 200,
  flex: 1,
  align: 'start',
  editor: 'text',
  filter: 'agTextColumnFilter',
  display: asText,
  toApi: (value) => (isBlank(value) ? null : value),
  sortValue: (value) => (isBlank(value) ? null : String(value).toLocaleLowerCase()),
};

const numeric = (display: (value: number, column: AnyColumn) => string): Omit<KindBehaviour, 'width' | 'flex'> => ({
  align: 'end',
  editor: 'number',
  filter: 'agNumberColumnFilter',
  display: (value, column) => {
    const number = asNumber(value);
    return number === null ? '' : display(number, column);
  },
  toApi: (value) => asNumber(value),
  sortValue: asNumber,
});

export const kinds = {
  text: textKind,
  longText: { ...textKind, width: 320, flex: 1.5, editor: 'longText' },
  phone: {
    ...textKind,
    width: 190,
    flex: 0,
    display: (value) => (isBlank(value) ? '' : displayPhone(String(value))),
  },
  number: {
    ...numeric((value, column) => (column.grouping === false ? String(value) : grouping.format(value))),
    width: 120,
    flex: 0,
  },
  money: { ...numeric((value) => formatRupiah(value)), width: 160, flex: 0 },
  percent: { ...numeric((value) => `${grouping.format(value)}%`), width: 110, flex: 0 },
  date: {
    width: 140,
    flex: 0,
    align: 'start',
    editor: 'date',
    filter: 'agDateColumnFilter',
    display: (value, _column, _t, language) =>
      isBlank(value) ? '' : formatDate(String(value), 'DD MMM YYYY', { locale: language, fallback: '' }),
    toApi: (value) => (isBlank(value) ? null : value),
    sortValue: (value) => (isBlank(value) ? null : String(value)),
  },
  time: {
    ...textKind,
    width: 100,
    flex: 0,
    editor: 'text',
    filter: null,
  },
  enum: {
    width: 170,
    flex: 0,
    align: 'start',
    editor: 'enum',
    filter: 'agTextColumnFilter',
    display: (value, column, t) =>
      isBlank(value) ? '' : t(`enums.${column.enum?.key}.${String(value)}` as never, { defaultValue: String(value) }),
    toApi: (value) => (isBlank(value) ? null : value),
    sortValue: (value) => (isBlank(value) ? null : String(value)),
  },
  enumList: {
    width: 240,
    flex: 1,
    align: 'start',
    editor: 'text',
    filter: 'agTextColumnFilter',
    display: (value, column, t) =>
      Array.isArray(value)
        ? value
            .map((item) => t(`enums.${column.enum?.key}.${String(item)}` as never, { defaultValue: String(item) }))
            .join(', ')
        : asText(value),
    toApi: (value) => (Array.isArray(value) ? value : []),
    sortValue: (value) => (Array.isArray(value) && value.length ? value.join(',') : null),
  },
  boolean: {
    width: 110,
    flex: 0,
    align: 'center',
    editor: 'boolean',
    filter: null,
    display: (value, _column, t) =>
      value === true ? t('grid.boolean.yes') : value === false ? t('grid.boolean.no') : '',
    toApi: (value) => (typeof value === 'boolean' ? value : null),
    sortValue: (value) => (value === true ? 1 : value === false ? 0 : null),
  },
  reference: {
    width: 220,
    flex: 1,
    align: 'start',
    editor: 'reference',
    filter: 'agTextColumnFilter',
    display: refLabel,
    toApi: (value) => (isBlank(value) ? null : typeof value === 'object' ? (value as RefValue)._id : value),
    sortValue: (value, column) => refLabel(value, column).toLocaleLowerCase() || null,
  },
  file: {
    ...textKind,
    width: 200,
    editor: 'none',
    filter: null,
    toApi: () => undefined,
  },
  computed: {
    ...textKind,
    width: 140,
    flex: 0,
    editor: 'none',
    filter: null,
    toApi: () => undefined,
  },
} as const satisfies Record<ColumnKind, KindBehaviour>;

export const kindOf = (column: AnyColumn): KindBehaviour => kinds[column.kind];

/** Whether a column can ever be edited (computed and file columns, and `editable: false`, never are). */
export const isEditableColumn = (column: AnyColumn): boolean =>
  kinds[column.kind].editor !== 'none' && column.editable !== false;

/** The value a column shows for a row: computed columns compute it, others read their field. */
export const cellValue = (column: AnyColumn, row: Record<string, unknown>): unknown =>
  column.compute ? column.compute(row as Parameters<NonNullable<AnyColumn['compute']>>[0]) : row[column.field];
