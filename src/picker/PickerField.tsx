/**
 * A form field over the option picker: the label, and a button showing the current value that opens the picker
 * below it (above it when there is no room), placed after spec 9's 150 ms positioning delay. The picker closes on a
 * choice, Escape, Tab or a click outside; focus comes back to the button (Tab moves on to the next field).
 */
import {
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { errorId, FieldError } from '../components/FieldError.tsx';
import { OptionPicker, type PickerCloseReason, type PickerEvent } from './OptionPicker.tsx';
import { optionText, type PickerOption, type PickerSource, type SourceProps, valueKey } from './options.ts';

/** Spec 9: the list is placed 150 ms after it opens (once the layout around the field has settled). */
export const PICKER_POSITION_DELAY_MS = 150;
/** Space between the field and the list, and the list and the window's edge. */
const GAP = 4;
const EDGE = 8;

export type PickerFieldProps<V> = SourceProps<V> & {
  label: string;
  value: V | null | undefined;
  /** The chosen value, or null for 'Clear Selection'; the option too, for its label. */
  onChange: (value: V | null, option: PickerOption<V> | null) => void;
  /** Offer 'Clear Selection' (default true). */
  clearable?: boolean;
  disabled?: boolean;
  /** The field's error, shown below it. */
  error?: string | null;
  hint?: string;
  /** Shown when there is no value; default 'Choose…'. */
  placeholder?: string;
  /** The value's text on the button; default: the chosen option's text, a listed option's, or the search field. */
  display?: (value: V) => string;
  keyOf?: (value: V) => string | null;
  renderOption?: (option: PickerOption<V>) => ReactNode;
  id?: string;
  className?: string;
};

type Placement = { top: number; left: number; minWidth: number } | { bottom: number; left: number; minWidth: number };

/** The text of a value the field has no chosen option for. */
function fallbackText<V>(value: V, source: PickerSource<V>, key: string | null): string {
  const listed = source.kind === 'local' ? source.options : (source.fixed ?? []);
  const option = listed.find((candidate) => candidate.key === key);
  if (option) return optionText(option);
  if (source.kind === 'server' && typeof value === 'object' && value !== null) {
    const label = (value as Record<string, unknown>)[source.searchField];
    if (label !== null && label !== undefined && label !== '') return String(label);
  }
  return key ?? '';
}

export function PickerField<V>(props: PickerFieldProps<V>) {
  const { label, value, source, disabled = false, error, hint } = props;
  const { t } = useTranslation();
  const generated = useId();
  const id = props.id ?? generated;
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<{ search: string } | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [chosen, setChosen] = useState<PickerOption<V> | null>(null);

  const keyOf = props.keyOf ?? valueKey;
  const key = value === null || value === undefined ? null : keyOf(value);
  const text =
    value === null || value === undefined
      ? null
      : props.display
        ? props.display(value)
        : chosen && chosen.key === key
          ? optionText(chosen)
          : fallbackText(value, source, key);

  const place = useCallback(() => {
    const anchor = button.current?.getBoundingClientRect();
    const panel = popover.current;
    if (!anchor || !panel) return;
    const height = panel.offsetHeight;
    const width = Math.max(panel.offsetWidth, anchor.width);
    const below = window.innerHeight - anchor.bottom;
    const left = Math.max(EDGE, Math.min(anchor.left, window.innerWidth - width - EDGE));
    const above = below < height + GAP + EDGE && anchor.top > below;
    setPlacement(
      above
        ? { bottom: window.innerHeight - anchor.top + GAP, left, minWidth: anchor.width }
        : { top: anchor.bottom + GAP, left, minWidth: anchor.width },
    );
  }, []);

  // Placed after the delay, then kept in place while the page scrolls or resizes.
  useEffect(() => {
    if (!open) return;
    setPlacement(null);
    let placed = false;
    const timer = setTimeout(() => {
      placed = true;
      place();
    }, PICKER_POSITION_DELAY_MS);
    const follow = () => {
      if (placed) place();
    };
    window.addEventListener('resize', follow);
    window.addEventListener('scroll', follow, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', follow);
      window.removeEventListener('scroll', follow, true);
    };
  }, [open, place]);

  // A press outside the field and its list, or the focus moving elsewhere, closes the list (the focus stays put).
  useEffect(() => {
    if (!open) return;
    const element = root.current;
    const outside = (target: EventTarget | null) => target instanceof Node && !element?.contains(target);
    const onPointerDown = (event: Event) => {
      if (outside(event.target)) setOpen(null);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (outside(event.relatedTarget)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    element?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      element?.removeEventListener('focusout', onFocusOut);
    };
  }, [open]);

  const close = (_reason: PickerCloseReason, event: PickerEvent | undefined) => {
    button.current?.focus({ preventScroll: true });
    if (event instanceof KeyboardEvent && event.key === 'Tab' && !event.defaultPrevented) {
      // The list goes before Tab's default action runs, so focus moves from the button to the next field.
      flushSync(() => setOpen(null));
    } else {
      setOpen(null);
    }
  };

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (open) return;
    const printable = event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || printable) {
      event.preventDefault();
      // Typing on the closed field starts the search with that character, as in a spreadsheet.
      setOpen({ search: printable ? event.key : '' });
    }
  };

  const describedBy = [error ? errorId(id) : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const style: CSSProperties = placement ?? { top: 0, left: 0 };

  return (
    <div ref={root} className={props.className ? `field picker-field ${props.className}` : 'field picker-field'}>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <button
        ref={button}
        id={id}
        type="button"
        className="picker-field-button"
        aria-haspopup="listbox"
        aria-expanded={open !== null}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        disabled={disabled}
        onClick={() => setOpen((current) => (current ? null : { search: '' }))}
        onKeyDown={onButtonKeyDown}
      >
        <span id={`${id}-value`} className="picker-field-value" data-empty={text === null}>
          {text ?? props.placeholder ?? t('picker.choose')}
        </span>
        <span className="picker-field-chevron" aria-hidden="true">
          ▾
        </span>
      </button>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      <FieldError fieldId={id} message={error} />
      {open && (
        <div ref={popover} className="picker-popover" data-positioned={placement !== null} style={style}>
          <OptionPicker<V>
            {...(props.source.kind === 'server'
              ? { source: props.source, autoCreate: props.autoCreate }
              : { source: props.source })}
            label={label}
            value={value}
            clearable={props.clearable}
            keyOf={props.keyOf}
            renderOption={props.renderOption}
            initialSearch={open.search}
            onSelect={(option) => {
              setChosen(option);
              props.onChange(option ? option.value : null, option);
            }}
            onClose={close}
          />
        </div>
      )}
    </div>
  );
}
