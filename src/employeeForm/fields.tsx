/**
 * One form field of a section, drawn by its kind (one renderer per `FieldKind`): text inputs that drop characters
 * the field does not take, date inputs, selects for enums and number choices, checkboxes, and the option picker for
 * references. Read-only fields are read-only inputs, so they are labelled and announced like the others.
 */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../components/DateInput.tsx';
import { errorId, FieldError } from '../components/FieldError.tsx';
import { MoneyInput } from '../components/MoneyInput.tsx';
import { referenceSource } from '../grids/editors/ReferenceEditor.tsx';
import type { RefValue } from '../grids/types.ts';
import type { PickerQuery } from '../picker/options.ts';
import { PickerField } from '../picker/PickerField.tsx';
import { choiceLabel, displayValue, type FormValue, filterInput, inputModeOf } from './form.ts';
import type { FieldKind, FieldSpec } from './sections.ts';

/** The label of a row field (`resources.employees.fields.<field>`). */
export const fieldLabel = (t: TFunction, field: string): string =>
  (t as unknown as (key: string) => string)(`resources.employees.fields.${field}`);

export interface FieldProps {
  /** The element id: `<section>-<field>`. */
  id: string;
  spec: FieldSpec;
  label: string;
  value: FormValue;
  onChange: (value: FormValue) => void;
  disabled: boolean;
  error: string | null;
  /** reference: the list's extra filters (a sub-department's department). */
  query?: PickerQuery;
  language: string;
  t: TFunction;
}

const describedBy = (props: FieldProps) => (props.error ? errorId(props.id) : undefined);

function TextInput(props: FieldProps & { type?: string }) {
  const { spec } = props;
  return (
    <input
      id={props.id}
      type={props.type ?? 'text'}
      inputMode={inputModeOf(spec)}
      value={typeof props.value === 'string' ? props.value : ''}
      disabled={props.disabled}
      required={spec.required}
      maxLength={spec.kind === 'digits' && spec.length ? spec.length[1] : undefined}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => props.onChange(filterInput(spec, event.target.value))}
    />
  );
}

type Option = { value: string; label: string };

/** How wide a text is, in ems: Chinese, Japanese and Korean characters are about twice a Latin letter. */
const textWidth = (text: string) => Array.from(text).reduce((sum, char) => sum + (char >= '\u2e80' ? 1 : 0.55), 0);

/** A select whose longest option would not fit a column (15rem less its padding and arrow) takes two columns. */
const isWide = (options: readonly Option[]) => Math.max(0, ...options.map((option) => textWidth(option.label))) > 12;

function Select(props: FieldProps & { options: readonly Option[] }) {
  const { t } = props;
  const blank = !props.spec.required;
  const chosen = props.options.find((option) => option.value === props.value);
  return (
    <select
      title={chosen?.label}
      id={props.id}
      value={typeof props.value === 'string' ? props.value : ''}
      disabled={props.disabled}
      required={props.spec.required}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(props)}
      onChange={(event) => props.onChange(event.target.value)}
    >
      {blank && !props.options.some((option) => option.value === '') && (
        <option value="">{t('employeeDetail.notSet')}</option>
      )}
      {props.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A field as most kinds show it: the label, the input, its hint and its error; a wide one takes two columns. */
function Labeled({ props, children, wide }: { props: FieldProps; children: ReactNode; wide?: boolean }) {
  const { spec, id, label, error, t } = props;
  return (
    <div className={wide ? 'field field-wide' : 'field'} data-field={spec.field}>
      <label htmlFor={id}>
        {label}
        {spec.required && <span className="required-mark"> *</span>}
      </label>
      {children}
      {spec.hint && <p className="hint">{t(spec.hint as never)}</p>}
      <FieldError fieldId={id} message={error} />
    </div>
  );
}

type Renderer = (props: FieldProps) => ReactNode;

const text: Renderer = (props) => (
  <Labeled props={props}>
    <TextInput {...props} />
  </Labeled>
);

const renderers = {
  text,
  digits: text,
  integer: text,
  email: (props) => (
    <Labeled props={props}>
      <TextInput {...props} type="email" />
    </Labeled>
  ),
  phone: (props) => (
    <Labeled props={props}>
      <TextInput {...props} type="tel" />
    </Labeled>
  ),
  date: (props) => (
    <Labeled props={props}>
      <DateInput
        id={props.id}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={props.onChange}
        language={props.language}
        disabled={props.disabled}
        required={props.spec.required}
        invalid={!!props.error}
        describedBy={describedBy(props)}
      />
    </Labeled>
  ),
  money: (props) => (
    <Labeled props={props}>
      <MoneyInput
        id={props.id}
        value={typeof props.value === 'string' ? props.value : ''}
        onChange={(text) => props.onChange(filterInput(props.spec, text))}
        disabled={props.disabled}
        invalid={!!props.error}
        describedBy={describedBy(props)}
      />
    </Labeled>
  ),
  textarea: (props) => (
    <Labeled props={props}>
      <textarea
        id={props.id}
        rows={2}
        value={typeof props.value === 'string' ? props.value : ''}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Labeled>
  ),
  enum: (props) => {
    const options = (props.spec.enum?.values ?? []).map((value) => ({
      value,
      label: displayValue(props.spec, value, props.t, props.language, value),
    }));
    return (
      <Labeled props={props} wide={isWide(options)}>
        <Select {...props} options={options} />
      </Labeled>
    );
  },
  choice: (props) => {
    const options = (props.spec.choice?.values ?? []).map((value) => ({
      value: value === null ? '' : String(value),
      label: choiceLabel(props.spec, value, props.t, props.language),
    }));
    return (
      <Labeled props={props} wide={isWide(options)}>
        <Select {...props} options={options} />
      </Labeled>
    );
  },
  boolean: (props) => (
    <div className="field field-check" data-field={props.spec.field}>
      <label htmlFor={props.id}>
        <input
          id={props.id}
          type="checkbox"
          checked={props.value === true}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(props)}
          onChange={(event) => props.onChange(event.target.checked)}
        />{' '}
        {props.label}
      </label>
      <FieldError fieldId={props.id} message={props.error} />
    </div>
  ),
  reference: (props) =>
    props.spec.reference ? (
      <div data-field={props.spec.field}>
        <PickerField<RefValue>
          id={props.id}
          label={props.label}
          source={{ ...referenceSource(props.spec.reference), ...(props.query ? { query: props.query } : {}) }}
          value={typeof props.value === 'object' ? props.value : null}
          onChange={(value) => props.onChange(value)}
          clearable={!props.spec.required}
          disabled={props.disabled}
          error={props.error}
        />
      </div>
    ) : null,
} satisfies Record<FieldKind, Renderer>;

/** A field of a section, drawn by its kind. */
export const Field = (props: FieldProps) => renderers[props.spec.kind](props);

/**
 * A read-only value (spec 5): labelled like a field, never edited; the text wraps (BPJS shares are long). Not a live
 * region: recomputed values are read when the user gets to them.
 */
export function ReadOnlyField({ id, label, text, field }: { id: string; label: string; text: string; field: string }) {
  return (
    <div className="field field-readonly" data-field={field}>
      <label htmlFor={id}>{label}</label>
      <output id={id} aria-live="off">
        {text}
      </output>
    </div>
  );
}

/** A section form's Discard and Save (its submit, also Ctrl+S), enabled while it has unsaved changes. */
export function SectionActions({
  dirty,
  saving,
  onDiscard,
}: {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="section-actions">
      <button type="button" disabled={!dirty || saving} onClick={onDiscard}>
        {t('employeeDetail.discard')}
      </button>
      <button type="submit" className="primary" disabled={!dirty || saving} aria-keyshortcuts="Control+S">
        {saving ? t('employeeDetail.saving') : t('employeeDetail.save')}
      </button>
    </div>
  );
}
