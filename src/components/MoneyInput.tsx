/**
 * The app's rupiah field: 'Rp' before it, amounts typed freely ('5000000', '5.000.000', '5,000,000'; other characters
 * are dropped as typed) and grouped the Indonesian way ('5.000.000') when the field is left. The employee record and
 * the company's minimum wages use it. `value` is the text; `readRupiah` reads it as whole rupiah.
 */
import './money-input.css';
import { parseCell } from '../grids/parse.ts';
import type { ParseContext } from '../grids/types.ts';

const noLookups: ParseContext = { enumLookup: () => new Map(), references: { find: () => [] } };
const grouping = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0, useGrouping: true });

/** Whole rupiah from what was typed (the grid's money reading), or null when it is none. */
export function readRupiah(text: string): number | null {
  const parsed = parseCell({ field: 'amount', kind: 'money' }, text, noLookups);
  return parsed.ok && typeof parsed.value === 'number' && Number.isInteger(parsed.value) ? parsed.value : null;
}

/** An amount as the field shows it: '5.000.000'; nothing for null. */
export const groupRupiah = (value: number | null): string => (value === null ? '' : grouping.format(value));

export interface MoneyInputProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string | undefined;
  /** After the amount was grouped, when the field is left. */
  onBlur?: () => void;
}

export function MoneyInput(props: MoneyInputProps) {
  return (
    <div className="money-input">
      <span aria-hidden="true">Rp</span>
      <input
        id={props.id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.invalid ? true : undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.value.replace(/[^0-9.,\s]/g, ''))}
        onBlur={() => {
          const value = readRupiah(props.value);
          if (value !== null && groupRupiah(value) !== props.value) props.onChange(groupRupiah(value));
          props.onBlur?.();
        }}
      />
    </div>
  );
}
