/**
 * The app's one date field (spec 9): shown as '29 Sep 1995' ('1995年9月29日' in Chinese), typed day-first, with a
 * button that opens the browser's calendar. The employee record, the approvals forms, the daily attendance, the
 * grid toolbar's date range and the dialogs that ask for a day use it; never a bare `<input type="date">`, which
 * shows mm/dd/yyyy in an en-US browser.
 */
import './date-input.css';
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
        onChange={(event) => {
          setEditing(event.target.value);
          props.onChange(event.target.value);
        }}
        onBlur={() => {
          // The text as typed, also when the form keeps only whole days (the grid toolbar's range).
          const typed = editing === null ? day : editing.trim() ? readDateText(editing) : null;
          setEditing(null);
          if (typed !== null && typed !== props.value) props.onChange(typed);
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
