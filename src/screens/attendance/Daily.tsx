/**
 * daily (the attendance default, spec 2.3): one row per employee for a chosen date, with the spec 2.4 attendance
 * cell. The date moves with the picker or the keys [ and ] (previous and next day); filters by department,
 * location, group and status go to the server. Admins correct a clock-in or clock-out in place (HH:mm; the server
 * logs it and keeps the original), and import clock times from a spreadsheet through the preview.
 */
import './attendance.css';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  type Module,
  TextEditorModule,
  TooltipModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DailyStatus, dailyStatuses } from '../../../common/attendance.ts';
import { api, call, type Schemas, toApiError } from '../../api/client.ts';
import { useCommands } from '../../commands/registry.ts';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { downloadWorkbook } from '../../grids/export.ts';
import { gridTheme } from '../../grids/theme.ts';
import { statusLabels } from '../../labels/attendance.ts';
import { useCanWrite } from '../../menu/access.ts';
import { toast } from '../../overlays/progress.ts';
import { errorText, fieldErrorText } from '../../validation.ts';
import type { ScreenProps } from '../types.ts';
import { AttendanceCell, type AttendanceCellData, cellText, jakartaClock } from './AttendanceCell.tsx';
import { dailyCommands } from './commands.ts';
import { AttendanceImportDialog } from './ImportDialog.tsx';
import { clockLabels, filterLabels } from './labels.ts';

type Row = Schemas['AttendanceDailyRow'];
const modules: Module[] = [ClientSideRowModelModule, TextEditorModule, TooltipModule, CellStyleModule];
type Status = DailyStatus;

/** Today in Asia/Jakarta. */
export const jakartaToday = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
export const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function dailyCell(row: Row): AttendanceCellData {
  const attendance = row.today_attendance[0]?.attendance;
  return {
    kind: row.kind,
    clockIn: attendance?.clock_in?.time,
    clockInStatus: attendance?.clock_in?.status,
    clockOut: attendance?.clock_out?.time,
    clockOutStatus: attendance?.clock_out?.status,
    shiftName: row.shift?.name,
    leave: row.leave?.type,
    holiday: row.mass_leave?.name,
  };
}

/**
 * What the clock requests said about their positions (issue 24), for the Position column's tooltip: an implausible
 * move first, then each clock's reported accuracy and address, then what a mark is worth.
 */
export function evidenceText(t: TFunction, evidence: Schemas['AttendanceClockEvidence']): string {
  const lines: string[] = [];
  for (const field of ['clock_in', 'clock_out'] as const) {
    const travel = evidence[`${field}_travel`];
    if (travel) lines.push(t('attendance.daily.travel', { clock: t(clockLabels[field]), ...travel }));
  }
  for (const field of ['clock_in', 'clock_out'] as const) {
    const ip = evidence[`${field}_ip`];
    if (!ip) continue;
    const accuracy = evidence[`${field}_accuracy`] ?? '?';
    lines.push(t('attendance.daily.clockEvidence', { clock: t(clockLabels[field]), accuracy, ip }));
  }
  if (lines.length) lines.push(t('attendance.daily.evidenceNote'));
  return lines.join('\n');
}

type Options = Schemas['AttendanceDailyOptions'];

export default function Daily({ entry, trail }: ScreenProps) {
  const { t, i18n } = useTranslation();
  const title = t(entry.titleKey);
  const canWrite = useCanWrite('daily');
  // `?date=YYYY-MM-DD` opens a given day (the payroll pre-check links a missed clock-out to its day).
  const [params] = useSearchParams();
  const [date, setDate] = useState(() => {
    const asked = params.get('date');
    return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : jakartaToday();
  });
  /** What the date field holds while typed; follows the date when it moves by keys or buttons. */
  const [draftDate, setDraftDate] = useState(date);
  useEffect(() => setDraftDate(date), [date]);
  // `?status=late` opens the day filtered (the home page's figures link here).
  const [filters, setFilters] = useState<{ department?: string; location?: string; group?: string; status?: Status }>(
    () => {
      const asked = params.get('status');
      return asked && (dailyStatuses as readonly string[]).includes(asked) ? { status: asked as Status } : {};
    },
  );
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [options, setOptions] = useState<Options>({ department: [], location: [], group: [] });
  const [importing, setImporting] = useState(false);

  const load = useCallback(async () => {
    setError(null);
    try {
      const query = Object.fromEntries(Object.entries({ date, ...filters }).filter(([, value]) => value));
      const body = await call(api.GET('/v1/attendance/daily', { params: { query } }));
      setRows(body.data);
      // The day's choices come with every load, whatever the status (a day opened as `?status=late` has them too);
      // a load narrowed by department, location or group keeps the choices it was narrowed from.
      if (!filters.department && !filters.location && !filters.group) setOptions(body.meta.options);
    } catch (reason) {
      setError(errorText(t, toApiError(reason)));
    }
  }, [date, filters, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const exportXlsx = useCallback(async () => {
    if (!rows) return;
    const XLSX = await import('xlsx');
    const header = [
      t('attendance.daily.employeeId'),
      t('attendance.daily.name'),
      t('attendance.daily.department'),
      t('attendance.daily.shift'),
      t('attendance.daily.attendance'),
      t('attendance.daily.clock_in'),
      t('attendance.daily.clock_out'),
      t('attendance.daily.lateMinutes'),
      t('attendance.daily.earlyMinutes'),
      t('attendance.daily.status'),
    ];
    const body = rows.map((row) => {
      const attendance = row.today_attendance[0]?.attendance;
      return [
        row.employee.employee_id,
        row.employee.fullname,
        row.employee.department?.name ?? '',
        row.shift?.code ?? '',
        cellText(t, dailyCell(row)),
        jakartaClock(attendance?.clock_in?.time),
        jakartaClock(attendance?.clock_out?.time),
        attendance?.late_minutes ?? 0,
        attendance?.early_minutes ?? 0,
        row.status !== 'none' ? t(statusLabels[row.status as Status]) : '',
      ];
    });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...body]), date);
    downloadWorkbook(XLSX, book, `attendance-${date}.xlsx`);
  }, [rows, date, t]);

  // The palette's commands: [ and ] move a day back and forth (outside fields), the date, status filters, export.
  const commands = useMemo(
    () =>
      dailyCommands({
        canWrite,
        hasRows: !!rows?.length,
        filtered: !!filters.status,
        moveDay: (days) => setDate((d) => shiftDate(d, days)),
        today: () => setDate(jakartaToday()),
        // The field focused, its calendar closed: the date is typed (an open calendar takes the keys instead, and
        // Alt+Down opens it for whoever wants it).
        // The field's text selected, so a typed day replaces it.
        pickDate: () => {
          const field = document.getElementById('daily-date') as HTMLInputElement | null;
          field?.focus();
          field?.select();
        },
        showStatus: (status) => setFilters((f) => ({ ...f, status: status ?? undefined })),
        exportXlsx: () => void exportXlsx(),
        importTimes: () => setImporting(true),
      }),
    [canWrite, rows, filters.status, exportXlsx],
  );
  useCommands(commands, [commands]);

  const correct = useCallback(
    async (row: Row, field: 'clock_in' | 'clock_out', text: string) => {
      const value = text.trim();
      const normal = /^\d{1,2}:\d{2}$/.test(value) ? value.padStart(5, '0') : value;
      try {
        await call(
          api.POST('/v1/attendance/corrections', {
            body: { employee: row._id, date: row.date, [field]: normal === '' ? null : normal },
          }),
        );
        toast(t('attendance.daily.corrected'), 'success');
      } catch (reason) {
        const failure = toApiError(reason);
        const detail = failure.fields ? Object.values(failure.fields)[0] : undefined;
        toast(detail ? fieldErrorText(t, detail) : errorText(t, failure), 'error');
      }
      await load();
    },
    [load, t],
  );

  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const clock = (field: 'clock_in' | 'clock_out'): ColDef<Row> => ({
      colId: field,
      headerName: t(clockLabels[field]),
      width: 120,
      editable: canWrite,
      valueGetter: (params) => jakartaClock(params.data?.today_attendance[0]?.attendance[field]?.time),
      valueSetter: (params) => {
        if (params.data && String(params.newValue ?? '') !== String(params.oldValue ?? ''))
          void correct(params.data, field, String(params.newValue ?? ''));
        return false;
      },
      tooltipValueGetter: (params) => {
        const original = params.data?.today_attendance[0]?.attendance[`original_${field}`];
        return original ? t('attendance.daily.original', { time: jakartaClock(original) }) : undefined;
      },
    });
    return [
      {
        colId: 'employee_id',
        headerName: t('attendance.daily.employeeId'),
        valueGetter: (p) => p.data?.employee.employee_id,
        width: 130,
        pinned: 'left',
      },
      {
        colId: 'fullname',
        headerName: t('attendance.daily.name'),
        valueGetter: (p) => p.data?.employee.fullname,
        width: 200,
        pinned: 'left',
      },
      {
        colId: 'department',
        headerName: t('attendance.daily.department'),
        valueGetter: (p) => p.data?.employee.department?.name ?? '',
        width: 170,
      },
      {
        colId: 'shift',
        headerName: t('attendance.daily.shift'),
        valueGetter: (p) =>
          p.data?.shift
            ? `${p.data.shift.code}${p.data.shift.start_time ? ` ${p.data.shift.start_time}–${p.data.shift.finish_time}` : ''}`
            : '',
        width: 170,
      },
      {
        colId: 'attendance',
        headerName: t('attendance.daily.attendance'),
        width: 190,
        valueGetter: (p) => (p.data ? dailyCell(p.data) : null),
        cellRenderer: (p: { value: AttendanceCellData | null }) => <AttendanceCell cell={p.value} />,
        sortable: false,
      },
      clock('clock_in'),
      clock('clock_out'),
      {
        colId: 'late',
        headerName: t('attendance.daily.lateMinutes'),
        width: 110,
        type: 'rightAligned',
        valueGetter: (p) => p.data?.today_attendance[0]?.attendance.late_minutes || '',
      },
      {
        colId: 'early',
        headerName: t('attendance.daily.earlyMinutes'),
        width: 110,
        type: 'rightAligned',
        valueGetter: (p) => p.data?.today_attendance[0]?.attendance.early_minutes || '',
      },
      {
        colId: 'status',
        headerName: t('attendance.daily.status'),
        width: 120,
        valueGetter: (p) => (p.data && p.data.status !== 'none' ? t(statusLabels[p.data.status as Status]) : ''),
      },
      {
        colId: 'position',
        headerName: t('attendance.daily.position'),
        width: 170,
        valueGetter: (p) => (p.data?.evidence?.implausible ? t('attendance.daily.implausible') : ''),
        cellClass: (p) => (p.data?.evidence?.implausible ? 'attendance-implausible' : undefined),
        tooltipValueGetter: (p) => (p.data?.evidence ? evidenceText(t, p.data.evidence) : undefined),
      },
    ];
  }, [t, canWrite, correct]);

  const select = (key: 'department' | 'location' | 'group') => (
    <label>
      {t(filterLabels[key])}
      <select
        value={filters[key] ?? ''}
        onChange={(event) => setFilters((f) => ({ ...f, [key]: event.target.value || undefined }))}
      >
        <option value="">{t('attendance.daily.all')}</option>
        {options[key].map((option) => (
          <option key={option._id} value={option._id}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <>
      <ScreenHeader trail={trail} title={title} />
      <div className="attendance-toolbar" role="toolbar" aria-label={t('attendance.daily.toolbar')}>
        <button type="button" onClick={() => setDate((d) => shiftDate(d, -1))} title="[">
          {t('attendance.daily.previousDay')}
        </button>
        <div className="attendance-date">
          <label htmlFor="daily-date">{t('attendance.daily.date')}</label>
          <DateInput
            id="daily-date"
            value={draftDate}
            language={i18n.language}
            onChange={(typed) => {
              // Spec 9: shown as '24 Nov 2026', typed day-first. Only a whole day loads (a partial one would load,
              // fail and reset the field under the typing): a picked or left field gives 'YYYY-MM-DD', typed text
              // counts once its year has four digits.
              setDraftDate(typed);
              const day = /^\d{4}-\d\d-\d\d$/.test(typed)
                ? typed
                : /^\d{1,2}[/.-]\d{1,2}[/.-](19|20)\d\d$/.test(typed.trim())
                  ? readDateText(typed.trim())
                  : null;
              if (day && /^(19|20)\d\d-/.test(day)) setDate(day);
            }}
          />
        </div>
        <button type="button" onClick={() => setDate((d) => shiftDate(d, 1))} title="]">
          {t('attendance.daily.nextDay')}
        </button>
        {select('department')}
        {select('location')}
        {select('group')}
        <label>
          {t('attendance.daily.status')}
          <select
            value={filters.status ?? ''}
            onChange={(event) => setFilters((f) => ({ ...f, status: (event.target.value || undefined) as Status }))}
          >
            <option value="">{t('attendance.daily.all')}</option>
            {dailyStatuses.map((status) => (
              <option key={status} value={status}>
                {t(statusLabels[status])}
              </option>
            ))}
          </select>
        </label>
        {canWrite && (
          <button type="button" onClick={() => setImporting(true)}>
            {t('attendance.import.open')}
          </button>
        )}
        <button type="button" onClick={() => void exportXlsx()} disabled={!rows?.length}>
          {t('grid.exportXlsx')}
        </button>
        <span className="muted" aria-live="polite">
          {rows ? t('attendance.daily.count', { count: rows.length }) : t('common.loading')}
        </span>
      </div>
      <p className="hint">{t('attendance.daily.hint')}</p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <section className="attendance-grid" aria-label={title}>
        <AgGridReact<Row>
          modules={modules}
          theme={gridTheme}
          rowData={rows ?? []}
          columnDefs={columnDefs}
          getRowId={(params) => params.data._id}
          defaultColDef={{ resizable: true, sortable: true, wrapHeaderText: true, autoHeaderHeight: true }}
          singleClickEdit={false}
          stopEditingWhenCellsLoseFocus
          tooltipShowDelay={300}
          key={i18n.language}
        />
      </section>
      {importing && (
        <AttendanceImportDialog
          onClose={(imported) => {
            setImporting(false);
            if (imported) void load();
          }}
        />
      )}
    </>
  );
}
