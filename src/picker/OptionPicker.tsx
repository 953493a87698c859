/**
 * The option picker of spec 2.4: a search box over a floating list. Server lists are searched 500 ms after the last
 * keystroke (the first page at once), local lists as you type. It offers 'Clear Selection' when there is a selection
 * to clear, and an auto-create choice when a search finds nothing. Hosts place it: `PickerField` below a form field,
 * `ReferenceEditor` in an AG Grid popup.
 *
 * Keyboard (the APG combobox pattern, spreadsheet-style): arrows, Home/End and PageUp/PageDown move the active option,
 * Enter chooses it, Tab chooses it and moves on, Esc closes. Enter or Tab while a search is still pending waits for
 * it and then takes the first result, so typing fast never picks a stale match.
 */
import type { TFunction } from 'i18next';
import { type CSSProperties, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, toApiError } from '../api/client.ts';
import { SEARCH_DEBOUNCE_MS } from '../commands/pages/useServerSearch.ts';
import { describeFailure, errorText } from '../validation.ts';
import {
  type ApiRecord,
  autoCreateBody,
  matchOptions,
  optionText,
  type PickerOption,
  recordOption,
  type ServerSource,
  type SourceProps,
  toCode,
  valueKey,
} from './options.ts';
import { createRecord, type SearchResult, searchRecords } from './requests.ts';
import './picker.css';

export { SEARCH_DEBOUNCE_MS };
/** Spec 9: the list scrolls beyond 300 px. */
export const PICKER_LIST_MAX_HEIGHT = 300;
/** How far PageUp and PageDown move the active option. */
const PAGE_STEP = 10;

/** What made a choice or closed the picker: a key press (Enter, Tab, Escape) or a click. */
export type PickerEvent = KeyboardEvent | MouseEvent;
export type PickerCloseReason = 'select' | 'escape' | 'tab';

export type OptionPickerProps<V> = SourceProps<V> & {
  /** The accessible name of the search box and the list (the field's label). */
  label: string;
  /** The current value, matched to its option by `keyOf`. */
  value?: V | null;
  /**
   * A choice: an option, or null for 'Clear Selection'. `event` is the key or click that made it; it may arrive after
   * the key's dispatch when the choice waited for a search or an auto-create.
   */
  onSelect: (option: PickerOption<V> | null, event: PickerEvent | undefined) => void;
  /** After a choice ('select'), on Escape, or on Tab with nothing to choose. */
  onClose?: (reason: PickerCloseReason, event: PickerEvent | undefined) => void;
  /** Offer 'Clear Selection' when there is a selection (default true). */
  clearable?: boolean;
  /** The search text to start with (the character that opened a grid editor). */
  initialSearch?: string;
  /** The option key of a value; default: a record's `_id`, otherwise the value as text. */
  keyOf?: (value: V) => string | null;
  /** The content of an option row; default: the label and, muted, the detail. */
  renderOption?: (option: PickerOption<V>) => ReactNode;
  /** Focus the search box on mount (default true). */
  autoFocus?: boolean;
  className?: string;
  style?: CSSProperties;
};

type Row<V> =
  | { kind: 'clear'; key: string }
  | { kind: 'option'; key: string; option: PickerOption<V> }
  | { kind: 'create'; key: string; text: string };

const CLEAR_ROW = 'clear';
const CREATE_ROW = 'create';
const rowKey = (option: PickerOption<unknown>) => `option:${option.key}`;
/** A row's element id: the picker's id and the row key, with characters ids should not hold escaped. */
const optionDomId = (base: string, key: string) =>
  `${base}-${key.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;

const NO_RECORDS: ApiRecord[] = [];

interface Loaded {
  /** The source and text these results are for. */
  for: string;
  records: ApiRecord[];
  total: number;
  error: ApiError | null;
}

/**
 * Server results for `text`: the first request goes out at once, later ones 500 ms after the last change. A new
 * request aborts the previous one, and a reply that is not the latest request's is dropped even if it arrives.
 */
function usePickerSearch(source: ServerSource<unknown> | null, text: string) {
  const sourceKey = source
    ? JSON.stringify([source.path, source.query ?? null, source.searchField, source.searchIn ?? true])
    : '';
  const wanted = `${sourceKey}\n${text.trim()}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const latest = useRef({ source, text, wanted });
  latest.current = { source, text, wanted };
  const sequence = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<string | null>(null);
  const started = useRef(false);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    sequence.current += 1;
    controller.current?.abort();
    controller.current = null;
    inFlight.current = null;
  }, []);

  /** Searches the current text now; resolves to the results, or null when a newer search replaced this one. */
  const run = useCallback((): Promise<SearchResult | null> => {
    const { source: current, text: search, wanted: key } = latest.current;
    if (!current) return Promise.resolve(null);
    cancel();
    started.current = true;
    const mine = new AbortController();
    controller.current = mine;
    inFlight.current = key;
    const ticket = sequence.current;
    return searchRecords(current, search.trim(), mine.signal).then(
      (result) => {
        if (ticket !== sequence.current) return null;
        inFlight.current = null;
        controller.current = null;
        setLoaded({ for: key, ...result, error: null });
        return result;
      },
      (reason: unknown) => {
        if (ticket !== sequence.current) return null;
        inFlight.current = null;
        controller.current = null;
        setLoaded({ for: key, records: [], total: 0, error: toApiError(reason) });
        return null;
      },
    );
  }, [cancel]);

  const upToDate = loaded?.for === wanted;
  useEffect(() => {
    if (!latest.current.source) return;
    // Back to the text on screen (typed and erased within the delay): nothing to fetch, and nothing older may land.
    if (upToDate) {
      cancel();
      return;
    }
    if (inFlight.current === wanted) return;
    timer.current = setTimeout(() => void run(), started.current ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer.current);
  }, [wanted, upToDate, run, cancel]);

  useEffect(() => cancel, [cancel]);

  /** Searches now instead of at the end of the delay (Enter while waiting); retries after an error. */
  const flush = useCallback(() => {
    if (inFlight.current === latest.current.wanted) return;
    setLoaded((previous) => (previous?.error ? null : previous));
    void run();
  }, [run]);

  return {
    loading: source !== null && !upToDate,
    records: upToDate ? loaded.records : NO_RECORDS,
    total: upToDate ? loaded.total : 0,
    error: upToDate ? loaded.error : null,
    /** The identity of the results on screen: the active option resets when it changes. */
    resultsId: upToDate ? loaded : wanted,
    flush,
    reload: run,
  };
}

/** A failed create's reason: the field messages ('code: This is already in use'), or the error's text. */
function failureReason(t: TFunction, error: ApiError): string {
  const { fields, general } = describeFailure(t, error);
  const parts = Object.entries(fields).map(([field, message]) => `${field}: ${message}`);
  return parts.length ? parts.join('; ') : (general ?? errorText(t, error));
}

export function OptionPicker<V>(props: OptionPickerProps<V>) {
  const { source, autoCreate, label, value, clearable = true, initialSearch = '', autoFocus = true } = props;
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialSearch);

  const server = source.kind === 'server' ? source : null;
  const search = usePickerSearch(server, text);

  // At most a page of results: mapped on each render, so callers may pass `map` and `fixed` inline.
  const toOption = (record: ApiRecord): PickerOption<V> =>
    server?.map ? server.map(record) : (recordOption(record, server?.searchField ?? '_id') as PickerOption<V>);
  const options: readonly PickerOption<V>[] =
    source.kind === 'local'
      ? matchOptions(source.options, text)
      : [...matchOptions(source.fixed ?? [], text), ...search.records.map(toOption)];

  const keyOf = props.keyOf ?? valueKey;
  const currentKey = value === null || value === undefined ? null : keyOf(value);
  const [creating, setCreating] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const trimmed = text.trim();

  const rows: Row<V>[] = [];
  if (clearable && currentKey !== null) rows.push({ kind: 'clear', key: CLEAR_ROW });
  if (!search.loading) {
    for (const option of options) rows.push({ kind: 'option', key: rowKey(option), option });
    // Spec 2.4: offered when a search returns no items and is not loading.
    if (autoCreate && server && trimmed && !options.length && !search.error) {
      rows.push({ kind: 'create', key: CREATE_ROW, text: trimmed });
    }
  }

  // The active option: the one the user moved to, else the current value (on an empty search), the first option, or
  // the create choice. New results reset it, so Enter after typing takes the best match.
  const resultsId = server ? search.resultsId : text;
  const [moved, setMoved] = useState<{ key: string; for: unknown } | null>(null);
  const movedKey = moved && moved.for === resultsId && rows.some((row) => row.key === moved.key) ? moved.key : null;
  const defaultKey =
    (!trimmed &&
      currentKey !== null &&
      rows.find((row) => row.kind === 'option' && row.option.key === currentKey)?.key) ||
    rows.find((row) => row.kind === 'option')?.key ||
    rows.find((row) => row.kind === 'create')?.key ||
    null;
  const activeKey = movedKey ?? defaultKey;
  const activeIndex = rows.findIndex((row) => row.key === activeKey);
  const activeRow = activeIndex >= 0 ? rows[activeIndex] : undefined;

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const finish = (option: PickerOption<V> | null, event: PickerEvent | undefined) => {
    props.onSelect(option, event);
    props.onClose?.('select', event);
  };

  const create = async (name: string, event: PickerEvent | undefined) => {
    if (!autoCreate || !server || creating !== null) return;
    if (autoCreate.codeField && autoCreate.fields.includes(autoCreate.codeField) && !toCode(name)) {
      setCreateError(t('picker.errors.emptyCode', { text: name }));
      return;
    }
    setCreating(name);
    setCreateError(null);
    try {
      const created = await createRecord(autoCreate.path, autoCreateBody(autoCreate, name));
      // Spec 7: the search is re-run, and the created item chosen from it (as the list shows it).
      const result = await search.reload();
      if (!mounted.current) return;
      const record = result?.records.find((found) => found._id === created._id) ?? created;
      finish(toOption(record), event);
    } catch (error) {
      if (mounted.current)
        setCreateError(t('picker.errors.create', { text: name, reason: failureReason(t, toApiError(error)) }));
    } finally {
      if (mounted.current) setCreating(null);
    }
  };

  const choose = (row: Row<V>, event: PickerEvent | undefined) => {
    if (row.kind === 'clear') finish(null, event);
    else if (row.kind === 'option') finish(row.option, event);
    else void create(row.text, event);
  };

  // Enter or Tab pressed while the search was pending: taken with the first result when it arrives.
  const pending = useRef<KeyboardEvent | null>(null);
  useEffect(() => {
    const event = pending.current;
    if (!event || search.loading) return;
    pending.current = null;
    const row = rows.find((candidate) => candidate.key === defaultKey);
    if (row && row.kind !== 'create') choose(row, event);
    else if (event.key === 'Tab') props.onClose?.('tab', event);
  });

  const move = (to: number) => {
    if (!rows.length) return;
    const index = Math.max(0, Math.min(rows.length - 1, to));
    setMoved({ key: rows[index]!.key, for: resultsId });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'ArrowDown':
        handled();
        move(activeIndex + 1);
        return;
      case 'ArrowUp':
        handled();
        move(activeIndex - 1);
        return;
      case 'PageDown':
        handled();
        move(activeIndex + PAGE_STEP);
        return;
      case 'PageUp':
        handled();
        move(activeIndex - PAGE_STEP);
        return;
      case 'Home':
        handled();
        move(0);
        return;
      case 'End':
        handled();
        move(rows.length - 1);
        return;
      case 'Escape':
        handled();
        pending.current = null;
        props.onClose?.('escape', event);
        return;
      case 'Enter':
        handled();
        // An option the user moved to is taken as is; otherwise a pending search is awaited (or retried).
        if (movedKey === null && (search.loading || search.error)) {
          pending.current = event;
          search.flush();
        } else if (activeRow) choose(activeRow, event);
        return;
      case 'Tab':
        // Tab is not prevented: in a form, focus moves on once the choice is made.
        event.stopPropagation();
        if (movedKey === null && search.loading) {
          event.preventDefault();
          pending.current = event;
          search.flush();
        } else if (activeRow && activeRow.kind !== 'create') choose(activeRow, event);
        else props.onClose?.('tab', event);
        return;
    }
  };

  // A native listener on the input: in an AG Grid popup, the grid's own keydown listener (on the popup, where React's
  // portal listens too) would otherwise see Enter, Tab and Escape before React does.
  const keyHandler = useRef(onKeyDown);
  keyHandler.current = onKeyDown;
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    element.addEventListener('keydown', listener);
    return () => element.removeEventListener('keydown', listener);
  }, []);

  useEffect(() => {
    if (!autoFocus) return;
    const element = input.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    element.setSelectionRange(element.value.length, element.value.length);
  }, [autoFocus]);

  useEffect(() => {
    if (!activeKey) return;
    document.getElementById(optionDomId(id, activeKey))?.scrollIntoView?.({ block: 'nearest' });
  }, [id, activeKey]);

  const status =
    creating !== null
      ? t('picker.creating', { text: creating })
      : search.loading
        ? t('picker.loading')
        : search.error
          ? null
          : !options.length
            ? t('picker.noData')
            : search.total > search.records.length
              ? t('picker.more', { shown: search.records.length, total: search.total })
              : null;
  const errorMessage = search.error
    ? t('picker.errors.load', { reason: errorText(t, search.error) })
    : (createError ?? null);

  const renderContent = (row: Row<V>) => {
    if (row.kind === 'clear') return t('picker.clear');
    if (row.kind === 'create') return t('picker.create', { text: row.text });
    if (props.renderOption) return props.renderOption(row.option);
    return (
      <>
        <span className="picker-option-label">{row.option.label}</span>
        {row.option.detail && <span className="picker-option-detail">{row.option.detail}</span>}
      </>
    );
  };

  const accessibleName = (row: Row<V>) =>
    row.kind === 'clear'
      ? t('picker.clear')
      : row.kind === 'create'
        ? t('picker.create', { text: row.text })
        : optionText(row.option);

  return (
    <div className={props.className ? `picker ${props.className}` : 'picker'} style={props.style}>
      <input
        ref={input}
        className="picker-input"
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeKey ? optionDomId(id, activeKey) : undefined}
        aria-busy={search.loading || creating !== null ? true : undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        placeholder={t('picker.search')}
        autoComplete="off"
        spellCheck={false}
        value={text}
        readOnly={creating !== null}
        onChange={(event) => {
          pending.current = null;
          setCreateError(null);
          setText(event.target.value);
        }}
      />
      {/* Always present, so screen readers announce its changes ('Loading…', 'No Data'). */}
      <p className="picker-status" role="status">
        {status}
      </p>
      {errorMessage && (
        <p id={`${id}-error`} className="picker-error" role="alert">
          {errorMessage}
        </p>
      )}
      <div
        id={listId}
        className="picker-list"
        role="listbox"
        aria-label={label}
        style={{ maxHeight: PICKER_LIST_MAX_HEIGHT }}
        hidden={!rows.length}
      >
        {rows.map((row) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the combobox (aria-activedescendant).
          <div
            key={row.key}
            id={optionDomId(id, row.key)}
            role="option"
            tabIndex={-1}
            aria-label={accessibleName(row)}
            aria-selected={row.key === activeKey}
            data-kind={row.kind}
            data-current={row.kind === 'option' && row.option.key === currentKey ? true : undefined}
            className="picker-option"
            // Keep the focus in the search box, so the keyboard keeps working after a click elsewhere in the list.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => {
              if (row.key !== activeKey) setMoved({ key: row.key, for: resultsId });
            }}
            onClick={(event) => choose(row, event.nativeEvent)}
          >
            {renderContent(row)}
          </div>
        ))}
      </div>
    </div>
  );
}
