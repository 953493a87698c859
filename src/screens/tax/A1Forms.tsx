/**
 * finance → a1-form: the year's 1721-A1 of every employee with PPh 21 withheld (`GET /v1/pph-a1/employees`), one row
 * each with its number, period and every line (lines 1–23 as columns, the main ones shown). Enter or the Preview
 * button shows the focused form's PDF; Download saves it; "Download all" builds the zip as a job with progress.
 * A provisional form (the year's last tax period not completed yet) says so.
 */
import type { CellKeyDownEvent, ColDef, RowClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { ParseKeys } from 'i18next';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type A1LineNumber, a1LineNumbers } from '../../../common/payroll/a1.ts';
import { type ApiError, api, call, INLINE_ERRORS_HEADER, type Schemas, toApiError } from '../../api/client.ts';
import { saveBlob } from '../../api/files.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { thisYear, YearPicker } from '../../components/MonthPicker.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { formatRupiah } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/theme.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { a1Pdf, coretaxBpa1, downloadA1Zip } from './api.ts';
import { CoretaxDialog } from './CoretaxDialog.tsx';
import '../../styles/report-layout.css';
import '../../styles/documents.css';

const PdfPreview = lazy(() => import('../../components/PdfPreview.tsx'));
const inline = { [INLINE_ERRORS_HEADER]: '1' };

type Row = Schemas['A1Employee'];
type Load = { state: 'loading' } | { state: 'ready'; rows: Row[] } | { state: 'failed'; error: ApiError };
type LineKey = `line_${number}` & keyof Row;

/** Each line's full label (the column's tooltip). */
const lineLabels = {
  1: 'a1Forms.lines.1',
  2: 'a1Forms.lines.2',
  3: 'a1Forms.lines.3',
  4: 'a1Forms.lines.4',
  5: 'a1Forms.lines.5',
  6: 'a1Forms.lines.6',
  7: 'a1Forms.lines.7',
  8: 'a1Forms.lines.8',
  9: 'a1Forms.lines.9',
  10: 'a1Forms.lines.10',
  11: 'a1Forms.lines.11',
  12: 'a1Forms.lines.12',
  13: 'a1Forms.lines.13',
  14: 'a1Forms.lines.14',
  15: 'a1Forms.lines.15',
  16: 'a1Forms.lines.16',
  17: 'a1Forms.lines.17',
  18: 'a1Forms.lines.18',
  19: 'a1Forms.lines.19',
  20: 'a1Forms.lines.20',
  21: 'a1Forms.lines.21',
  22: 'a1Forms.lines.22',
  23: 'a1Forms.lines.23',
} as const satisfies Record<A1LineNumber, ParseKeys>;

/** Lines shown by default; the others are columns the user may show. */
const shownLines = new Set([1, 3, 5, 7, 8, 9, 10, 13, 16, 17, 18, 22, 23]);
const fileName = (row: Row) => `1721-A1 ${row.year} ${row.employee.employee_id} ${row.employee.fullname}.pdf`;

export default function A1Forms({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  // A 1721-A1 is issued for a closed year: open on last year, or on this year's provisional forms when last year has
  // none (a company new to the product).
  const [year, setYear] = useState(() => thisYear() - 1);
  const [fellBack, setFellBack] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [focused, setFocused] = useState<Row | null>(null);
  const [preview, setPreview] = useState<{ row: Row; blob: Blob } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    setPreview(null);
    setFocused(null);
    call(api.GET('/v1/pph-a1/employees', { params: { query: { year } }, headers: inline })).then(
      ({ data }) => {
        if (!current) return;
        if (data.length === 0 && !fellBack && year === thisYear() - 1) {
          setFellBack(true);
          setYear(thisYear());
          return;
        }
        setLoad({ state: 'ready', rows: data });
      },
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [year, attempt]);

  const rows = load.state === 'ready' ? load.rows : [];
  const show = async (row: Row) => {
    setError(null);
    try {
      setPreview({ row, blob: await a1Pdf(row._id, year) });
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };
  const download = async (row: Row) => {
    setError(null);
    try {
      saveBlob(await a1Pdf(row._id, year), fileName(row));
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  };
  const downloadAll = () =>
    void downloadA1Zip(year, { task: t('a1Forms.zipTask', { year }), done: t('a1Forms.zipDone') });
  // The year's final forms as the Coretax BPA1 XML, after its pre-check (decision 0166).
  const [coretax, setCoretax] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the actions read the state named here.
  const commands = useMemo<Command[]>(() => {
    const base = { group: 'context' as const, isVisible: () => true };
    return [
      {
        ...base,
        id: 'a1-form:zip',
        label: 'a1Forms.downloadAll',
        keywords: ['1721', 'a1', 'zip', 'bukti potong', 'pajak'],
        isEnabled: () => rows.length > 0,
        run: downloadAll,
      },
      {
        ...base,
        id: 'a1-form:download',
        label: 'a1Forms.downloadFocused',
        keywords: ['1721', 'a1', 'pdf', 'unduh'],
        isEnabled: () => focused !== null,
        run: () => void (focused && download(focused)),
      },
      {
        ...base,
        id: 'a1-form:bpa1',
        label: 'a1Forms.exportBpa1',
        keywords: ['coretax', 'xml', 'bpa1', '1721', 'a1', 'bukti potong', 'pajak'],
        isEnabled: () => rows.some((row) => row.final),
        run: () => setCoretax(year),
      },
    ];
  }, [rows, focused, year]);
  useCommands(commands, [commands]);

  const columns = useMemo<ColDef<Row>[]>(() => {
    const money = (n: A1LineNumber): ColDef<Row> => ({
      colId: `line_${n}`,
      field: `line_${n}` as LineKey,
      headerName: t('a1Forms.line', { n }),
      headerTooltip: t(lineLabels[n]),
      type: 'rightAligned',
      valueFormatter: (p) => formatRupiah(p.value as number),
      width: 150,
      hide: !shownLines.has(n),
    });
    return [
      {
        colId: 'number',
        field: 'number',
        headerName: t('a1Forms.number'),
        pinned: 'left',
        width: 170,
        // Issued once the form is final (decision 0069); a provisional form has none yet.
        valueFormatter: (p) => (p.value as string | null) ?? '—',
      },
      {
        colId: 'employee',
        headerName: t('a1Forms.employee'),
        valueGetter: (p) => (p.data ? `${p.data.employee.fullname} · ${p.data.employee.employee_id}` : ''),
        pinned: 'left',
        width: 240,
      },
      {
        colId: 'period',
        headerName: t('a1Forms.period'),
        valueGetter: (p) => (p.data ? `${p.data.period_start}–${p.data.period_end}` : ''),
        width: 90,
      },
      {
        colId: 'final',
        headerName: t('a1Forms.status'),
        valueGetter: (p) => (p.data ? t(p.data.final ? 'a1Forms.final' : 'a1Forms.provisional') : ''),
        width: 120,
      },
      {
        colId: 'tax_id',
        headerName: t('pphReport.taxId'),
        valueGetter: (p) => (p.data?.tax_id ? `${p.data.tax_id_kind} ${p.data.tax_id}` : '-'),
        width: 200,
      },
      {
        colId: 'ptkp',
        headerName: t('pphReport.ptkp'),
        valueGetter: (p) => p.data?.ptkp_status.toUpperCase() ?? '',
        width: 80,
      },
      ...a1LineNumbers.map(money),
    ];
  }, [t]);

  const onKey = (event: CellKeyDownEvent<Row>) => {
    const key = (event.event as KeyboardEvent | undefined)?.key;
    if (key === 'Enter' && event.data) void show(event.data);
  };

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <div className="tax-toolbar">
        <YearPicker
          value={year}
          onChange={(next) => {
            setFellBack(true);
            setYear(next);
          }}
        />
        <button type="button" disabled={!focused} onClick={() => focused && void show(focused)}>
          {t('a1Forms.preview')}
        </button>
        <button type="button" disabled={!focused} onClick={() => focused && void download(focused)}>
          {t('a1Forms.downloadFocused')}
        </button>
        <button type="button" disabled={rows.length === 0} onClick={downloadAll}>
          {t('a1Forms.downloadAll')}
        </button>
        <button type="button" disabled={!rows.some((row) => row.final)} onClick={() => setCoretax(year)}>
          {t('a1Forms.exportBpa1')}
        </button>
      </div>
      {coretax !== null && (
        <CoretaxDialog
          kind="bpa1"
          check={() => coretaxBpa1.check(coretax)}
          download={(leaveOut) => coretaxBpa1.file(coretax, leaveOut)}
          fileName={`BPA1 ${coretax}.xml`}
          fixLink={(employee) => `/dashboard/edit/payroll-employees/${employee}?year=${coretax}&month=12`}
          onClose={() => setCoretax(null)}
        />
      )}
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(failure) => (
          <p className="form-error" role="alert">
            {errorText(t, failure)}
          </p>
        )}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {load.state === 'ready' && rows.length === 0 && <p className="muted">{t('a1Forms.empty')}</p>}
      {rows.length > 0 && (
        <div className="tax-layout">
          <section className="tax-grid" aria-label={t('a1Forms.list')}>
            <AgGridReact<Row>
              modules={gridModules}
              theme={gridTheme}
              rowData={rows}
              columnDefs={columns}
              getRowId={(p) => p.data._id}
              rowSelection={{ mode: 'singleRow', checkboxes: false, enableClickSelection: true }}
              onCellFocused={(event) => {
                const row = event.rowIndex === null ? null : event.api.getDisplayedRowAtIndex(event.rowIndex)?.data;
                setFocused(row ?? null);
              }}
              onRowClicked={(event: RowClickedEvent<Row>) => setFocused(event.data ?? null)}
              onCellKeyDown={onKey}
            />
          </section>
          {preview && (
            <Suspense fallback={<p className="muted">{t('payslips.loadingPreview')}</p>}>
              <PdfPreview blob={preview.blob} title={t('a1Forms.previewOf', { name: preview.row.employee.fullname })} />
            </Suspense>
          )}
        </div>
      )}
    </>
  );
}
