/**
 * tax-calculator (issue 14, beyond the spec): PPh 21 for a person and a year, by the payroll engine on the server
 * (`POST /v1/payroll/pph21/calculate`), touching no stored data. A form for the person, an editable grid of the
 * months (type, or paste a block copied from Excel), and the result with the year-end breakdown. Ctrl+Enter (or the
 * palette's "Calculate PPh 21") calculates from anywhere on the screen.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  type GridApi,
  type Module,
  TextEditorModule,
  ValidationModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PtkpStatus } from '../../../common/payroll/types.ts';
import { ApiError, api, call, INLINE_ERRORS_HEADER } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { FieldError, fieldErrorProps } from '../../components/FieldError.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatRupiah } from '../../format.ts';
import { gridTheme } from '../../grids/theme.ts';
import { parseTsv } from '../../grids/tsv.ts';
import { describeFailure } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import './tax-calculator.css';

/** The person's fields, whose API errors show beside them (the periods' show under the grid). */
const personFields: ReadonlySet<string> = new Set(['year', 'previous_neto', 'previous_pph']);

const modules: Module[] = [
  ClientSideRowModelModule,
  TextEditorModule,
  CellStyleModule,
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];

const statuses: readonly PtkpStatus[] = ['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3'];
const amountColumns = ['bruto', 'pension', 'zakat'] as const;
type AmountColumn = (typeof amountColumns)[number];

interface PeriodRow {
  month: number;
  bruto: number | null;
  pension: number | null;
  zakat: number | null;
}

interface CalculateReply {
  periods: { month: number; category: 'A' | 'B' | 'C'; rate: number; bruto: number; pph: number }[];
  last_period: {
    bruto_year: number;
    biaya_jabatan: number;
    pension: number;
    zakat: number;
    neto: number;
    ptkp: number;
    pkp: number;
    tax_year: number;
    withheld: number;
    pph: number;
  } | null;
}

/** A rupiah amount typed or pasted: "10.000.000", "10,000,000", "Rp 10 000 000" → 10000000; blank → null. */
export function parseAmount(text: unknown): number | null | undefined {
  const raw = String(text ?? '').trim();
  if (!raw) return null;
  const digits = raw.replace(/^rp\.?/i, '').replace(/[\s.,]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return undefined;
  return Number(digits);
}

const emptyRows = (): PeriodRow[] =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, bruto: null, pension: null, zakat: null }));

const currentYear = () => new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();

export default function TaxCalculator({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const [status, setStatus] = useState<PtkpStatus>('tk/0');
  const [year, setYear] = useState(String(Math.max(2024, currentYear())));
  const [taxIdValid, setTaxIdValid] = useState(true);
  const [grossUp, setGrossUp] = useState(false);
  const [annualize, setAnnualize] = useState(false);
  const [lastPeriod, setLastPeriod] = useState(true);
  const [previousNeto, setPreviousNeto] = useState('');
  const [previousPph, setPreviousPph] = useState('');
  const [rows, setRows] = useState<PeriodRow[]>(emptyRows);
  const [result, setResult] = useState<CalculateReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrs, setFieldErrs] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const gridApi = useRef<GridApi<PeriodRow> | null>(null);

  const monthName = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return (month: number) => format.format(new Date(Date.UTC(2024, month - 1, 1)));
  }, [i18n.language]);
  const number = useMemo(() => new Intl.NumberFormat(i18n.language === 'en' ? 'en' : 'id-ID'), [i18n.language]);

  const columnDefs = useMemo<ColDef<PeriodRow>[]>(
    () => [
      {
        colId: 'month',
        headerName: t('taxCalculator.month'),
        valueGetter: (params) => (params.data ? monthName(params.data.month) : ''),
        editable: false,
        width: 150,
      },
      ...amountColumns.map(
        (field): ColDef<PeriodRow> => ({
          colId: field,
          field,
          headerName: t(
            ({ bruto: 'taxCalculator.bruto', pension: 'taxCalculator.pension', zakat: 'taxCalculator.zakat' } as const)[
              field
            ],
          ),
          editable: true,
          flex: 1,
          type: 'rightAligned',
          valueFormatter: (params) =>
            params.value === null || params.value === undefined ? '' : number.format(params.value),
          valueParser: (params) => {
            const parsed = parseAmount(params.newValue);
            return parsed === undefined ? params.oldValue : parsed;
          },
        }),
      ),
    ],
    [t, monthName, number],
  );

  const calculate = useCallback(async () => {
    gridApi.current?.stopEditing();
    const periods = rows
      .filter((row) => row.bruto !== null)
      .map((row) => ({ month: row.month, bruto: row.bruto ?? 0, pension: row.pension ?? 0, zakat: row.zakat ?? 0 }));
    if (periods.length === 0) {
      setFailure(t('taxCalculator.noPeriods'));
      setResult(null);
      return;
    }
    const neto = parseAmount(previousNeto);
    const pph = parseAmount(previousPph);
    if (neto === undefined || pph === undefined || !/^\d{4}$/.test(year)) {
      setFailure(t('taxCalculator.badInput'));
      return;
    }
    setBusy(true);
    setFailure(null);
    setFieldErrs({});
    try {
      const reply = await call(
        api.POST('/v1/payroll/pph21/calculate', {
          body: {
            ptkp_status: status,
            year: Number(year),
            tax_id_valid: taxIdValid,
            gross_up: grossUp,
            annualize,
            previous_neto: neto ?? 0,
            previous_pph: pph ?? 0,
            last_period: lastPeriod,
            periods,
          },
          headers: { [INLINE_ERRORS_HEADER]: '1' },
        }),
      );
      setResult(reply.data as CalculateReply);
    } catch (error) {
      const described = error instanceof ApiError ? describeFailure(t, error) : null;
      setResult(null);
      // The person's fields show their message beside them; a period's (a grid cell) is listed under the grid.
      const byField = described?.fields ?? {};
      const beside = Object.fromEntries(Object.entries(byField).filter(([field]) => personFields.has(field)));
      const rest = Object.entries(byField).filter(([field]) => !personFields.has(field));
      setFieldErrs(beside);
      setFailure(
        described
          ? (described.general ?? (rest.map(([field, text]) => `${field}: ${text}`).join('; ') || null))
          : t('errors.default'),
      );
    } finally {
      setBusy(false);
    }
  }, [rows, previousNeto, previousPph, year, status, taxIdValid, grossUp, annualize, lastPeriod, t]);

  const latest = useRef({ calculate, clear: () => {} });
  latest.current = {
    calculate,
    clear: () => {
      setRows(emptyRows());
      setResult(null);
      setFailure(null);
      setFieldErrs({});
    },
  };
  useCommands(
    [
      {
        id: 'tax-calculator:calculate',
        label: 'taxCalculator.calculate',
        keywords: ['pph', 'pph21', 'hitung', 'calculate'],
        group: 'context',
        shortcut: { key: 'Enter', mod: true },
        isVisible: () => true,
        isEnabled: () => true,
        run: () => latest.current.calculate(),
      },
      {
        id: 'tax-calculator:clear',
        label: 'taxCalculator.clear',
        keywords: ['reset', 'kosongkan'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => true,
        run: () => latest.current.clear(),
      },
    ] satisfies Command[],
    [],
  );

  /** A block copied from Excel lands from the focused cell down and to the right (bruto, pension, zakat). */
  const onPaste = (event: React.ClipboardEvent) => {
    if ((event.target as HTMLElement).closest('.ag-cell-inline-editing')) return;
    const focused = gridApi.current?.getFocusedCell();
    if (!focused) return;
    event.preventDefault();
    const block = parseTsv(event.clipboardData.getData('text/plain'));
    const startColumn = Math.max(0, amountColumns.indexOf(focused.column.getColId() as AmountColumn));
    setRows((current) => {
      const next = current.map((row) => ({ ...row }));
      block.forEach((cells, r) => {
        const row = next[focused.rowIndex + r];
        if (!row) return;
        cells.forEach((cell, c) => {
          const column = amountColumns[startColumn + c];
          const value = parseAmount(cell);
          if (column && value !== undefined) row[column] = value;
        });
      });
      return next;
    });
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void calculate();
    }
  };

  const lastLabels = [
    ['bruto_year', 'taxCalculator.brutoYear'],
    ['biaya_jabatan', 'taxCalculator.biayaJabatan'],
    ['pension', 'taxCalculator.pensionYear'],
    ['zakat', 'taxCalculator.zakatYear'],
    ['neto', 'taxCalculator.neto'],
    ['ptkp', 'taxCalculator.ptkp'],
    ['pkp', 'taxCalculator.pkp'],
    ['tax_year', 'taxCalculator.taxYear'],
    ['withheld', 'taxCalculator.withheld'],
    ['pph', 'taxCalculator.lastPph'],
  ] as const;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Ctrl+Enter calculates from any field of the screen.
    <div className="tax-calculator" onKeyDown={onKeyDown}>
      <ScreenHeader trail={trail} title={title} />
      <form
        className="tax-form"
        aria-label={t('taxCalculator.person')}
        onSubmit={(event) => {
          event.preventDefault();
          void calculate();
        }}
      >
        <div className="field">
          <label htmlFor="tax-status">{t('taxCalculator.status')}</label>
          <select id="tax-status" value={status} onChange={(event) => setStatus(event.target.value as PtkpStatus)}>
            {statuses.map((value) => (
              <option key={value} value={value}>
                {t(`enums.marital_status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tax-year">{t('taxCalculator.year')}</label>
          <input
            id="tax-year"
            inputMode="numeric"
            value={year}
            {...fieldErrorProps('tax-year', fieldErrs.year)}
            onChange={(event) => setYear(event.target.value)}
          />
          <FieldError fieldId="tax-year" message={fieldErrs.year} />
        </div>
        <div className="field">
          <label htmlFor="tax-previous-neto">{t('taxCalculator.previousNeto')}</label>
          <input
            id="tax-previous-neto"
            {...fieldErrorProps('tax-previous-neto', fieldErrs.previous_neto)}
            inputMode="numeric"
            value={previousNeto}
            onChange={(event) => setPreviousNeto(event.target.value)}
          />
          <FieldError fieldId="tax-previous-neto" message={fieldErrs.previous_neto} />
        </div>
        <div className="field">
          <label htmlFor="tax-previous-pph">{t('taxCalculator.previousPph')}</label>
          <input
            id="tax-previous-pph"
            {...fieldErrorProps('tax-previous-pph', fieldErrs.previous_pph)}
            inputMode="numeric"
            value={previousPph}
            onChange={(event) => setPreviousPph(event.target.value)}
          />
          <FieldError fieldId="tax-previous-pph" message={fieldErrs.previous_pph} />
        </div>
        <fieldset className="tax-options">
          <legend className="visually-hidden">{t('taxCalculator.options')}</legend>
          <label>
            <input type="checkbox" checked={taxIdValid} onChange={(event) => setTaxIdValid(event.target.checked)} />
            {t('taxCalculator.taxIdValid')}
          </label>
          <label>
            <input type="checkbox" checked={grossUp} onChange={(event) => setGrossUp(event.target.checked)} />
            {t('taxCalculator.grossUp')}
          </label>
          <label>
            <input type="checkbox" checked={annualize} onChange={(event) => setAnnualize(event.target.checked)} />
            {t('taxCalculator.annualize')}
          </label>
          <label>
            <input type="checkbox" checked={lastPeriod} onChange={(event) => setLastPeriod(event.target.checked)} />
            {t('taxCalculator.lastPeriod')}
          </label>
        </fieldset>
        <button type="submit" className="primary" disabled={busy}>
          {t('taxCalculator.calculate')}
        </button>
      </form>
      <p className="hint">{t('taxCalculator.hint')}</p>
      <section className="tax-periods" aria-label={t('taxCalculator.periods')} onPasteCapture={onPaste}>
        <AgGridReact<PeriodRow>
          modules={modules}
          theme={gridTheme}
          rowData={rows}
          columnDefs={columnDefs}
          getRowId={(params) => String(params.data.month)}
          defaultColDef={{ resizable: true, sortable: false, suppressMovable: true }}
          domLayout="autoHeight"
          stopEditingWhenCellsLoseFocus
          enterNavigatesVerticallyAfterEdit
          onGridReady={(event) => {
            gridApi.current = event.api;
          }}
          onCellValueChanged={(event) => {
            const changed = event.data;
            setRows((current) => current.map((row) => (row.month === changed.month ? { ...changed } : row)));
          }}
        />
      </section>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {result && (
        <section className="tax-result" aria-label={t('taxCalculator.result')}>
          <div className="table-wrap">
            <table className="table">
              <caption>{t('taxCalculator.result')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('taxCalculator.month')}</th>
                  <th scope="col">{t('taxCalculator.category')}</th>
                  <th scope="col">{t('taxCalculator.rate')}</th>
                  <th scope="col" className="number">
                    {t('taxCalculator.bruto')}
                  </th>
                  <th scope="col" className="number">
                    {t('taxCalculator.pph')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.periods.map((period, index) => (
                  <tr key={period.month}>
                    <th scope="row">{monthName(period.month)}</th>
                    <td>{period.category}</td>
                    <td>
                      {result.last_period && index === result.periods.length - 1
                        ? t('taxCalculator.settlement')
                        : `${(period.rate * 100).toLocaleString(i18n.language, { maximumFractionDigits: 2 })} %`}
                    </td>
                    <td className="number">{formatRupiah(period.bruto)}</td>
                    <td className="number">{formatRupiah(period.pph)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={4}>
                    {t('taxCalculator.total')}
                  </th>
                  <td className="number">{formatRupiah(result.periods.reduce((sum, p) => sum + p.pph, 0))}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          {result.last_period && (
            <dl className="facts tax-settlement" aria-label={t('taxCalculator.settlement')}>
              {lastLabels.map(([key, label]) => (
                <div key={key}>
                  <dt>{t(label)}</dt>
                  <dd>{formatRupiah(result.last_period![key])}</dd>
                </div>
              ))}
              {result.last_period.pph < 0 && <p className="hint">{t('taxCalculator.refund')}</p>}
            </dl>
          )}
        </section>
      )}
    </div>
  );
}
