/**
 * Developer area → finances → man-fee → monthly report (issue 15, decision 0073): a month's fee per company from the
 * completed monthly runs (run, employees, total bruto, the rule, the fee), a totals row, and an xlsx export (toolbar or
 * palette). Read-only: the figures are the runs'; a pending run has no fee until it is saved.
 */
import { type ColDef, PinnedRowModule } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, call, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import type { Command } from '../../commands/types.ts';
import { LoadStatus } from '../../components/ErrorPage.tsx';
import { formatRupiah } from '../../format.ts';
import { gridModules } from '../../grids/modules.ts';
import { gridTheme } from '../../grids/ResourceGrid.tsx';
import { toast } from '../../overlays/progress.ts';
import { usePageTitle } from '../../page.ts';
import { errorText } from '../../validation.ts';
import type { ScreenProps } from '../registry.ts';
import { ScreenHeader } from '../ScreenHeader.tsx';
import { MonthPicker, previousMonth } from '../tax/MonthPicker.tsx';
import { downloadReport, type MonthlyRow, ruleText } from './manFee.ts';
import '../tax/tax.css';

type Report = Schemas['ManFeeMonthly'];
type Load = { state: 'loading' } | { state: 'ready'; report: Report } | { state: 'failed'; error: ApiError };
const modules = [...gridModules, PinnedRowModule];
const money = { type: 'rightAligned', valueFormatter: (p: { value: unknown }) => formatRupiah(p.value as number) };

export default function ManFeeMonthly({ entry, trail }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(entry.titleKey);
  usePageTitle(title);
  const [period, setPeriod] = useState(previousMonth);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: 'Try again' loads again.
  useEffect(() => {
    let current = true;
    setLoad({ state: 'loading' });
    call(api.GET('/v1/dev/man-fee/monthly', { params: { query: period } })).then(
      ({ data }) => current && setLoad({ state: 'ready', report: data }),
      (reason: unknown) => current && setLoad({ state: 'failed', error: toApiError(reason) }),
    );
    return () => {
      current = false;
    };
  }, [period, attempt]);

  const report = load.state === 'ready' ? load.report : null;
  const columns = useMemo<ColDef<MonthlyRow>[]>(
    () => [
      {
        colId: 'company',
        headerName: t('manFee.company'),
        valueGetter: (p) =>
          p.data?.company.code ? `${p.data.company.name} (${p.data.company.code})` : (p.data?.company.name ?? ''),
        pinned: 'left',
        width: 230,
      },
      { colId: 'run', headerName: t('manFee.run'), field: 'title', flex: 1, minWidth: 130 },
      {
        colId: 'employees',
        headerName: t('manFee.employees'),
        field: 'employee_count',
        type: 'rightAligned',
        width: 110,
      },
      { colId: 'bruto', headerName: t('manFee.bruto'), field: 'total_bruto', ...money, flex: 1, minWidth: 190 },
      {
        colId: 'rule',
        headerName: t('manFee.rule'),
        valueGetter: (p) => (p.data?._id === 'totals' ? '' : p.data ? ruleText(t, p.data) : ''),
        flex: 1,
        minWidth: 170,
      },
      { colId: 'fee', headerName: t('manFee.fee'), field: 'fee', ...money, width: 160, pinned: 'right' },
    ],
    [t],
  );
  const totals = report
    ? [
        {
          _id: 'totals',
          company: { _id: '', name: t('manFee.total', { count: report.totals.companies }), code: '' },
          title: '',
          employee_count: report.totals.employees,
          total_bruto: report.totals.bruto,
          fee: report.totals.fee,
        } as unknown as MonthlyRow,
      ]
    : [];

  const exportXlsx = async () => {
    if (!report) return;
    const file = `man-fee-${report.year}-${String(report.month).padStart(2, '0')}.xlsx`;
    await downloadReport(
      file,
      `${title} ${report.year}-${String(report.month).padStart(2, '0')}`,
      [
        t('manFee.company'),
        t('manFee.run'),
        t('manFee.employees'),
        t('manFee.bruto'),
        t('manFee.rule'),
        t('manFee.fee'),
      ],
      report.rows.map((row) => [
        `${row.company.name} (${row.company.code})`,
        row.title,
        row.employee_count,
        row.total_bruto,
        ruleText(t, row),
        row.fee,
      ]),
      [
        t('manFee.total', { count: report.totals.companies }),
        '',
        report.totals.employees,
        report.totals.bruto,
        '',
        report.totals.fee,
      ],
    );
    toast(t('export.done', { count: report.rows.length, file }), 'success');
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the action reads the state named here.
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'man-fee:monthly-xlsx',
        label: 'manFee.exportXlsx',
        keywords: ['man fee', 'xlsx', 'excel', 'export', 'report', 'laporan'],
        group: 'context',
        isVisible: () => true,
        isEnabled: () => report !== null,
        run: () => void exportXlsx(),
      },
    ],
    [report],
  );
  useCommands(commands, [commands]);

  return (
    <>
      <ScreenHeader trail={trail.filter((item) => item.id !== entry.id)} title={title} />
      <div className="tax-toolbar">
        <MonthPicker value={period} onChange={setPeriod} />
        <button type="button" disabled={!report} onClick={() => void exportXlsx()}>
          {t('manFee.exportXlsx')}
        </button>
      </div>
      <LoadStatus
        load={load}
        retry={() => setAttempt((n) => n + 1)}
        failure={(error) => (
          <p className="form-error" role="alert">
            {errorText(t, error)}
          </p>
        )}
      />
      {report && report.pending > 0 && <p className="muted">{t('manFee.pending', { count: report.pending })}</p>}
      {report && report.rows.length === 0 && <p className="muted">{t('manFee.empty')}</p>}
      {report && report.rows.length > 0 && (
        <section className="tax-grid" aria-label={title}>
          <AgGridReact<MonthlyRow>
            modules={modules}
            theme={gridTheme}
            rowData={report.rows}
            pinnedBottomRowData={totals}
            columnDefs={columns}
            getRowId={(p) => p.data._id}
          />
        </section>
      )}
    </>
  );
}
