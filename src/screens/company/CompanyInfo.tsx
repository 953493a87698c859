/**
 * company-settings → company-info (admin only): the company's profile and tax sections, each a form saved on its own
 * (`PUT /v1/company/profile`, `PUT /v1/company/tax`) with the company's version; Ctrl+S saves the section the focus is
 * in. The server's field errors are translated by code under their fields.
 */
import type { DtpSector } from '../../../common/payroll/types.ts';
import '../../employeeForm/employee-form.css';
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyJkkPercentages, companySizes, type KopTemplate, kopTemplates } from '../../../common/company.ts';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { fileObjectUrl, storeFile } from '../../api/files.ts';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { errorId, FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { FileButton } from '../../components/FileButton.tsx';
import { useTyped, useUnsentGuard } from '../../components/Modal.tsx';
import { groupRupiah, MoneyInput, readRupiah } from '../../components/MoneyInput.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { PickerField } from '../../picker/PickerField.tsx';
import { errorText, fieldErrors } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { CertificatesSection, SignaturesSection } from './SignaturesSection.tsx';
import './company.css';

type Profile = Schemas['CompanyProfile'];
type Tax = Schemas['CompanyTax'];
type Load =
  | { state: 'loading' }
  | { state: 'ready'; profile: Profile; tax: Tax }
  | { state: 'failed'; error: ApiError };

const inline = { [INLINE_ERRORS_HEADER]: '1' };

const kopLabels = {
  default: 'enums.kop_template.default',
  letterhead: 'enums.kop_template.letterhead',
} as const satisfies Record<KopTemplate, string>;
const moneyLabels = {
  umk: 'companyInfo.fields.umk',
  umr: 'companyInfo.fields.umr',
  ump: 'companyInfo.fields.ump',
} as const;

export default function CompanyInfo({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t('menu.company-info');
  usePageTitle(title);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt ('Try again') loads again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    Promise.all([
      call(api.GET('/v1/company/profile', { headers: inline })),
      call(api.GET('/v1/company/tax', { headers: inline })),
    ]).then(
      ([profile, tax]) => {
        if (!current) return;
        setVersion(profile.data.version);
        setLoad({ state: 'ready', profile: profile.data, tax: tax.data });
      },
      (reason: unknown) => {
        if (current) setLoad({ state: 'failed', error: toApiError(reason) });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {errorText(t, error)}
          </p>
        )}
      />
      {load.state === 'ready' && (
        <div className="employee-sections company-info">
          <ProfileSection initial={load.profile} version={version} onVersion={setVersion} />
          <TaxSection initial={load.tax} version={version} onVersion={setVersion} />
          <SignaturesSection />
          <CertificatesSection />
        </div>
      )}
    </>
  );
}

interface SectionProps<T> {
  initial: T;
  /** The company row's version: both sections save against it. */
  version: number;
  onVersion: (version: number) => void;
}

/** A section's form: Ctrl+S (Cmd+S) inside it saves it. */
function SectionForm(props: {
  id: string;
  title: string;
  saving: boolean;
  general: string | null;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Typed and not saved: leaving asks first (issue 25); a save that went through clears it.
  const { typed, onInput, done } = useTyped();
  const guard = useUnsentGuard(typed && !props.saving);
  const { saving, general } = props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a save ends.
  useEffect(() => {
    if (!saving && general === null) done();
  }, [saving]);
  const keys = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      event.stopPropagation();
      props.onSave();
    }
  };
  return (
    <form
      className="employee-section"
      aria-labelledby={props.id}
      noValidate
      aria-busy={props.saving}
      onKeyDown={keys}
      onInput={onInput}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSave();
      }}
    >
      {guard}
      <h2 id={props.id}>{props.title}</h2>
      <div className="field-grid">{props.children}</div>
      {props.general && (
        <p className="form-error" role="alert">
          {props.general}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={props.saving}>
          {t('companyInfo.save')}
        </button>
      </div>
    </form>
  );
}

function TextInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  numeric?: boolean;
  readOnly?: boolean;
  type?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        inputMode={props.numeric ? 'numeric' : undefined}
        value={props.value}
        readOnly={props.readOnly}
        {...fieldErrorProps(props.id, props.error)}
        onChange={(event) =>
          props.onChange(props.numeric ? event.target.value.replace(/[^0-9]/g, '') : event.target.value)
        }
      />
      <FieldError fieldId={props.id} message={props.error} />
    </div>
  );
}

/** A rupiah amount (the app's MoneyInput): grouped '5.000.000' as it is shown, the number in the draft. */
function MoneyField(props: {
  id: string;
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string | undefined;
}) {
  // While the field has the focus, the text as typed; else the draft's amount, grouped.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? groupRupiah(props.value);
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <MoneyInput
        id={props.id}
        value={shown}
        invalid={!!props.error}
        describedBy={props.error ? errorId(props.id) : undefined}
        onBlur={() => setTyped(null)}
        onChange={(text) => {
          setTyped(text);
          if (text.trim() === '') props.onChange(null);
          else {
            const value = readRupiah(text);
            if (value !== null) props.onChange(value);
          }
        }}
      />
      <FieldError fieldId={props.id} message={props.error} />
    </div>
  );
}

function Select(props: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | undefined;
  empty?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        {...fieldErrorProps(props.id, props.error)}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.empty !== undefined && <option value="">{props.empty}</option>}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError fieldId={props.id} message={props.error} />
    </div>
  );
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const orNull = (value: string) => (value.trim() === '' ? null : value);
const numberOrNull = (value: string) => (value === '' ? null : Number(value));

/** Saves a section; a 409 reloads the section as it is now and says so. */
function useSectionSave<T extends { version: number }>(props: SectionProps<T>, reset: (row: T) => void) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const save = async (request: (version: number) => Promise<{ data: T }>) => {
    if (saving) return;
    setSaving(true);
    setGeneral(null);
    try {
      const { data } = await request(props.version);
      setErrors({});
      reset(data);
      props.onVersion(data.version);
      toast(t('companyInfo.saved'), 'success');
    } catch (reason) {
      const error = toApiError(reason);
      if (error.status === 409 && typeof error.current === 'object' && error.current !== null) {
        const current = error.current as T;
        reset(current);
        props.onVersion(current.version);
        setGeneral(t('companyInfo.conflict'));
      } else if (error.fields && Object.keys(error.fields).length) {
        setErrors(fieldErrors(t, error));
        setGeneral(t('companyInfo.invalid'));
      } else {
        setGeneral(errorText(t, error));
      }
    } finally {
      setSaving(false);
    }
  };
  return { saving, errors, general, save };
}

function ProfileSection(props: SectionProps<Profile>) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(props.initial);
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { saving, errors, general, save } = useSectionSave(props, setDraft);
  const set = <K extends keyof Profile>(field: K, value: Profile[K]) => setDraft((row) => ({ ...row, [field]: value }));

  useEffect(() => {
    if (!draft.logo_url) {
      setLogoPreview(null);
      return;
    }
    const abort = new AbortController();
    let url: string | null = null;
    fileObjectUrl(draft.logo_url, abort.signal).then(
      (objectUrl) => {
        url = objectUrl;
        setLogoPreview(objectUrl);
      },
      () => setLogoPreview(null),
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [draft.logo_url]);

  const [logoName, setLogoName] = useState<string | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setUploading(true);
    setLogoError(null);
    try {
      const stored = await storeFile(file, 'image');
      set('logo_url', stored.url);
      setLogoName(file.name);
    } catch (reason) {
      // Beside the field, in words (a file that is not an image, too large…), like the server's field errors.
      setLogoError(errorText(t, toApiError(reason)));
    } finally {
      setUploading(false);
    }
  };

  const onSave = () =>
    void save((version) => {
      const { version: _, ...body } = draft;
      return call(api.PUT('/v1/company/profile', { body: { ...body, version }, headers: inline }));
    });

  const money = (field: 'umk' | 'umr' | 'ump') => (
    <MoneyField
      id={`${id}-${field}`}
      label={t(moneyLabels[field])}
      value={draft[field] ?? null}
      onChange={(value) => set(field, value)}
      error={errors[field]}
    />
  );

  return (
    <SectionForm id={`${id}-title`} title={t('companyInfo.profile')} saving={saving} general={general} onSave={onSave}>
      <div className="field">
        <label id={`${id}-logo-label`} htmlFor={`${id}-logo`}>
          {t('companyInfo.fields.logo')}
        </label>
        {logoPreview && <img className="company-logo-preview" src={logoPreview} alt={t('companyInfo.logoAlt')} />}
        <FileButton
          id={`${id}-logo`}
          labelId={`${id}-logo-label`}
          accept="image/png,image/jpeg,image/gif"
          disabled={uploading}
          chosen={logoName}
          onFile={(file) => void upload(file)}
          error={logoError ?? errors.logo_url}
        />
      </div>
      <Select
        id={`${id}-company_size`}
        label={t('companyInfo.fields.company_size')}
        value={text(draft.company_size)}
        empty={t('companyInfo.notSet')}
        options={companySizes.map((size) => ({ value: size, label: size }))}
        onChange={(value) => set('company_size', (orNull(value) as Profile['company_size']) ?? null)}
        error={errors.company_size}
      />
      <Select
        id={`${id}-kop_template`}
        label={t('companyInfo.fields.kop_template')}
        value={draft.kop_template}
        options={kopTemplates.map((kop) => ({ value: kop, label: t(kopLabels[kop]) }))}
        onChange={(value) => set('kop_template', value as Profile['kop_template'])}
        error={errors.kop_template}
      />
      <TextInput
        id={`${id}-industry`}
        label={t('companyInfo.fields.industry')}
        value={text(draft.industry)}
        onChange={(value) => set('industry', orNull(value))}
        error={errors.industry}
      />
      <TextInput
        id={`${id}-cut_off_days`}
        label={t('companyInfo.fields.cut_off_days')}
        numeric
        value={text(draft.cut_off_days)}
        onChange={(value) => set('cut_off_days', numberOrNull(value))}
        error={errors.cut_off_days}
      />
      <TextInput
        id={`${id}-hq_initial`}
        label={t('companyInfo.fields.hq_initial')}
        value={text(draft.hq_initial)}
        onChange={(value) => set('hq_initial', orNull(value))}
        error={errors.hq_initial}
      />
      {money('umk')}
      {money('umr')}
      {money('ump')}
      <TextInput
        id={`${id}-bpjs_tk_no`}
        label={t('companyInfo.fields.bpjs_tk_no')}
        numeric
        value={text(draft.bpjs_tk_no)}
        onChange={(value) => set('bpjs_tk_no', orNull(value))}
        error={errors.bpjs_tk_no}
      />
      <Select
        id={`${id}-jkk_percentage`}
        label={t('companyInfo.fields.jkk_percentage')}
        value={text(draft.jkk_percentage)}
        empty={t('companyInfo.notSet')}
        options={companyJkkPercentages.map((rate) => ({ value: rate, label: `${rate} %` }))}
        onChange={(value) => set('jkk_percentage', (orNull(value) as Profile['jkk_percentage']) ?? null)}
        error={errors.jkk_percentage}
      />
    </SectionForm>
  );
}

/** The DTP sectors' label keys (common/payroll/dtp.json), spelled out. */
const dtpSectorKeys = {
  footwear: 'coretax.sectors.footwear',
  textile_apparel: 'coretax.sectors.textile_apparel',
  furniture: 'coretax.sectors.furniture',
  leather: 'coretax.sectors.leather',
  tourism: 'coretax.sectors.tourism',
} as const satisfies Record<DtpSector, string>;

function TaxSection(props: SectionProps<Tax>) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(props.initial);
  const { saving, errors, general, save } = useSectionSave(props, setDraft);

  const onSave = () =>
    void save((version) =>
      call(
        api.PUT('/v1/company/tax', {
          body: {
            npwp_number: draft.npwp_number,
            nitku: draft.nitku,
            klu_code: draft.klu_code,
            tax_person: draft.tax_person?._id ?? null,
            // Typed day-first and saved with Ctrl+S before the field was left: read here.
            taxable_date: draft.taxable_date && (readDateText(draft.taxable_date) ?? draft.taxable_date),
            version,
          },
          headers: inline,
        }),
      ),
    );

  return (
    <SectionForm id={`${id}-title`} title={t('companyInfo.tax')} saving={saving} general={general} onSave={onSave}>
      <TextInput
        id={`${id}-npwp_number`}
        label={t('companyInfo.fields.npwp_number')}
        numeric
        value={text(draft.npwp_number)}
        onChange={(value) => setDraft((row) => ({ ...row, npwp_number: orNull(value) }))}
        error={errors.npwp_number}
      />
      <TextInput
        id={`${id}-nitku`}
        label={t('companyInfo.fields.nitku')}
        numeric
        value={text(draft.nitku)}
        onChange={(value) => setDraft((row) => ({ ...row, nitku: orNull(value) }))}
        error={errors.nitku}
      />
      <TextInput
        id={`${id}-klu_code`}
        label={t('companyInfo.fields.klu_code')}
        numeric
        value={text(draft.klu_code)}
        onChange={(value) => setDraft((row) => ({ ...row, klu_code: orNull(value), dtp_sector: null }))}
        error={errors.klu_code}
      />
      <TextInput
        id={`${id}-dtp_sector`}
        label={t('companyInfo.fields.dtp_sector')}
        readOnly
        value={
          draft.dtp_sector && draft.dtp_sector in dtpSectorKeys
            ? t(dtpSectorKeys[draft.dtp_sector as DtpSector])
            : t('coretax.sectors.none')
        }
        onChange={() => {}}
      />
      <div className="field">
        <PickerField<{ _id: string; fullname: string; employee_id: string }>
          id={`${id}-tax_person`}
          label={t('companyInfo.fields.tax_person')}
          source={{
            kind: 'server',
            path: '/v1/employees',
            searchField: 'fullname',
            map: (record) => ({
              key: record._id,
              label: String(record.fullname),
              detail: String(record.employee_id ?? ''),
              value: { _id: record._id, fullname: String(record.fullname), employee_id: String(record.employee_id) },
            }),
          }}
          value={draft.tax_person}
          keyOf={(value) => value._id}
          display={(value) => `${value.fullname} · ${value.employee_id}`}
          onChange={(value) => setDraft((row) => ({ ...row, tax_person: value, tax_person_number: null }))}
          error={errors.tax_person ?? null}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-taxable_date`}>{t('companyInfo.fields.taxable_date')}</label>
        <DateInput
          id={`${id}-taxable_date`}
          value={text(draft.taxable_date)}
          language={i18n.language}
          onChange={(value) => setDraft((row) => ({ ...row, taxable_date: orNull(value) }))}
          invalid={!!errors.taxable_date}
          describedBy={errors.taxable_date ? `${id}-taxable_date-error` : undefined}
        />
        {errors.taxable_date && (
          <p id={`${id}-taxable_date-error`} className="field-error">
            {errors.taxable_date}
          </p>
        )}
      </div>
      <TextInput
        id={`${id}-tax_person_number`}
        label={t('companyInfo.fields.tax_person_number')}
        readOnly
        value={text(draft.tax_person_number)}
        onChange={() => {}}
      />
    </SectionForm>
  );
}
