/**
 * The app's one date field (spec 9): shown as '29 Sep 1995' ('1995年9月29日' in Chinese), typed day-first, with a
 * button that opens the browser's calendar. The employee record, the approvals forms, the daily attendance, the
 * grid toolbar's date range and the dialogs that ask for a day use it; never a bare `<input type="date">`, which
 * shows mm/dd/yyyy in an en-US browser.
 */
import './date-input.css';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format.ts';
import { parseCell } from '../grids/parse.ts';
import type { ParseContext } from '../grids/types.ts';

const noLookups: ParseContext = { enumLookup: () => new Map(), references: { find: () => [] } };

/** A typed day as 'YYYY-MM-DD' (the grid's reading: day-first, ISO, month names, Chinese), or null. */
export function readDateText(text: string): string | null {
  const parsed = parseCell({ field: 'date', kind: 'date' }, text, noLookups);
  return parsed.ok && typeof parsed.value === 'string' ? parsed.value : null;
}

const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

/**
 * Why typed text is no day, in words: '31/02/2027' is '31 February does not exist' (a day past the month's end,
 * named in the language), anything else the date format's message. Null when the text is a day or empty.
 */
export function dateProblemText(t: TFunction, text: string, language: string): string | null {
  const typed = text.trim();
  if (!typed || readDateText(typed)) return null;
  const dayFirst = DAY_FIRST.exec(typed);
  const iso = dayFirst ? null : ISO.exec(typed);
  const [day, month, year] = dayFirst
    ? [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])]
    : iso
      ? [Number(iso[3]), Number(iso[2]), Number(iso[1])]
      : [0, 0, 0];
  if (month >= 1 && month <= 12 && day > 28 && day <= 31) {
    const monthName = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
      Date.UTC(year, month - 1, 1),
    );
    return t('validation.noSuchDay', { day, month: monthName });
  }
  return t('validation.formats.date');
}

/**
 * Whether text being typed already looks like a whole day ('2/12/2026', '2026-12-02', '2 Dec 2026', '2026年12月2日'):
 * read while typing only then, not '02', which alone is an Excel serial day (2 January 1900).
 */
const wholeDay = (text: string) => {
  const typed = text.trim();
  return (
    /\D/.test(typed) && (/\d{4}$/.test(typed) || /^\d{4}[-/.]\d{1,2}[-/.]\d{1,2}$/.test(typed) || /日$/.test(typed))
  );
};

/** A date field's text: an ISO day as spec 9 shows it ('DD MMM YYYY' in the language), anything else as typed. */
export const dateFieldText = (value: string, language: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value, 'DD MMM YYYY', { locale: language }) : value;

/** A small calendar, drawn like the menu's icons (decorative: the button's name says what it does). */
const calendarIcon = (
  <svg
    className="icon"
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M4 6h16v15H4zM4 10h16M8 3v5M16 3v5M8 14h.01M12 14h.01M16 14h.01M8 17h.01M12 17h.01" />
  </svg>
);

export interface DateInputProps {
  id: string;
  /** 'YYYY-MM-DD', or text typed that is not (yet) a day. */
  value: string;
  /** The typed text as it is typed; the day ('YYYY-MM-DD') once the field is left or a day is picked. */
  onChange: (value: string) => void;
  language: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Told when the field is left: why its text is no day, in words (`dateProblemText`), or null (issue 25). */
  onLeave?: (problem: string | null) => void;
}

/**
 * A date as spec 9 shows it ('29 Sep 1995', '1995年9月29日' in Chinese), typed day-first ('29/09/1995', '29-9-95'),
 * as ISO ('1995-09-29') or with a month name, and read when the field is left (the grid's date reading, so a field
 * and a cell take the same text); text that is no date stays as typed, for the form to refuse. The button beside it
 * opens the browser's calendar.
 */
export function DateInput(props: DateInputProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const calendar = useRef<HTMLInputElement>(null);
  const day = props.value ? readDateText(props.value) : null;
  // Named without the field's label, so that the label names the text field alone.
  const openCalendar = t('employeeDetail.openCalendar');
  return (
    <div className="date-input">
      <input
        id={props.id}
        type="text"
        autoComplete="off"
        placeholder={t('employeeDetail.datePlaceholder')}
        value={editing ?? dateFieldText(props.value, props.language)}
        disabled={props.disabled}
        required={props.required}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        // Typing replaces what the field holds (an End Date that took the Start Date, issue 25), as in a grid cell.
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setEditing(event.target.value);
          // A whole day as soon as it is typed, so a form sent before the field is left (Ctrl+Enter) sends the day,
          // not the text '02/12/2026' (issue 25).
          props.onChange((wholeDay(event.target.value) && readDateText(event.target.value)) || event.target.value);
        }}
        onBlur={() => {
          // The text as typed, also when the form keeps only whole days (the grid toolbar's range).
          const typed = editing === null ? day : editing.trim() ? readDateText(editing) : null;
          setEditing(null);
          if (typed !== null && typed !== props.value) props.onChange(typed);
          props.onLeave?.(typed === null && editing !== null ? dateProblemText(t, editing, props.language) : null);
        }}
      />
      <button
        type="button"
        className="date-input-calendar"
        disabled={props.disabled}
        aria-label={openCalendar}
        title={openCalendar}
        onClick={() => {
          try {
            calendar.current?.showPicker();
          } catch {
            calendar.current?.focus();
          }
        }}
      >
        {calendarIcon}
      </button>
      <input
        ref={calendar}
        type="date"
        className="date-input-native"
        tabIndex={-1}
        aria-hidden="true"
        disabled={props.disabled}
        value={day ?? ''}
        onChange={(event) => {
          setEditing(null);
          props.onChange(event.target.value);
        }}
      />
    </div>
  );
}
