/**
 * The attendance cell (spec 2.4), one component for every attendance screen: the clock-in and clock-out times, late
 * or early in amber, missed in red italic, a dash for a clock-out equal to the clock-in; without attendance, the
 * holiday's name, the leave type, the off shift's name on an off day, or Absent.
 */
import './attendance.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export type DayKind = 'present' | 'holiday' | 'leave' | 'off' | 'absent' | 'none';
export type ClockStatus = 'on_time' | 'late' | 'early' | 'missed';

export interface AttendanceCellData {
  kind: DayKind;
  /** ISO timestamps (empty or absent when missed). */
  clockIn?: string | null | undefined;
  clockInStatus?: ClockStatus | null | undefined;
  clockOut?: string | null | undefined;
  clockOutStatus?: ClockStatus | null | undefined;
  shiftName?: string | null | undefined;
  leave?: string | null | undefined;
  holiday?: string | null | undefined;
}

/** HH:mm in Asia/Jakarta (UTC+7, no daylight saving). */
export function jakartaClock(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? '' : new Date(ms + 7 * 3_600_000).toISOString().slice(11, 16);
}

interface Part {
  text: string;
  tone: 'plain' | 'warn' | 'missed';
}

function clockPart(t: TFunction, iso: string | null | undefined, status: ClockStatus | null | undefined): Part {
  if (status === 'missed') return { text: t('attendance.cell.missed'), tone: 'missed' };
  if (!iso) return { text: '', tone: 'plain' };
  return { text: jakartaClock(iso), tone: status === 'late' || status === 'early' ? 'warn' : 'plain' };
}

/** The cell's parts: one text without attendance, two times with it. */
export function cellParts(t: TFunction, cell: AttendanceCellData | null | undefined): Part[] {
  if (!cell) return [];
  switch (cell.kind) {
    case 'present': {
      const clockIn = clockPart(t, cell.clockIn, cell.clockInStatus);
      const out = clockPart(t, cell.clockOut, cell.clockOutStatus);
      const same = !!cell.clockIn && !!cell.clockOut && jakartaClock(cell.clockIn) === jakartaClock(cell.clockOut);
      return [clockIn, same ? { text: '–', tone: 'plain' } : out];
    }
    case 'holiday':
      return [{ text: cell.holiday ?? t('attendance.cell.holiday'), tone: 'plain' }];
    case 'leave':
      return [{ text: cell.leave ?? t('attendance.cell.leave'), tone: 'plain' }];
    case 'off':
      return [{ text: cell.shiftName ?? t('attendance.cell.off'), tone: 'plain' }];
    case 'absent':
      return [{ text: t('attendance.cell.absent'), tone: 'missed' }];
    case 'none':
      return [];
  }
}

/** The cell as plain text (exports, accessible names). */
export function cellText(t: TFunction, cell: AttendanceCellData | null | undefined): string {
  const parts = cellParts(t, cell);
  return cell?.kind === 'present' ? parts.map((part) => part.text || '?').join(' – ') : (parts[0]?.text ?? '');
}

export function AttendanceCell({ cell }: { cell: AttendanceCellData | null | undefined }) {
  const { t } = useTranslation();
  const parts = cellParts(t, cell);
  const kind = cell?.kind ?? 'none';
  return (
    <span className={`attendance-cell attendance-${kind}`}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: at most two fixed parts
        <span key={index}>
          {index > 0 && <span className="attendance-sep"> – </span>}
          <span className={`attendance-${part.tone}`} data-tone={part.tone}>
            {part.text}
          </span>
        </span>
      ))}
    </span>
  );
}

/** The one-character mark of a day in a month's report (its tone as the cell's), keys `attendance.mark.*`. */
export type MarkKey = 'present' | 'missed' | 'absent' | 'leave' | 'holiday' | 'off';
const markKeys = {
  present: 'attendance.mark.present',
  missed: 'attendance.mark.missed',
  absent: 'attendance.mark.absent',
  leave: 'attendance.mark.leave',
  holiday: 'attendance.mark.holiday',
  off: 'attendance.mark.off',
} as const satisfies Record<MarkKey, string>;

export function cellMark(cell: AttendanceCellData | null | undefined): { key: MarkKey; tone: Part['tone'] } | null {
  if (!cell) return null;
  switch (cell.kind) {
    case 'present': {
      const statuses = [cell.clockInStatus, cell.clockOutStatus];
      if (statuses.includes('missed')) return { key: 'missed', tone: 'missed' };
      return { key: 'present', tone: statuses.includes('late') || statuses.includes('early') ? 'warn' : 'plain' };
    }
    case 'absent':
      return { key: 'absent', tone: 'missed' };
    case 'holiday':
    case 'leave':
    case 'off':
      return { key: cell.kind, tone: 'plain' };
    case 'none':
      return null;
  }
}

/**
 * A day of a month's report in one narrow column: its mark (✓, amber when late or early; ? for a missed clock; the
 * absence, leave, holiday or day off as a letter), its full text (times, leave type, holiday) as the tooltip and the
 * accessible name. A month of days fits a 1440-wide screen.
 */
export function AttendanceMark({ cell }: { cell: AttendanceCellData | null | undefined }) {
  const { t } = useTranslation();
  const mark = cellMark(cell);
  if (!mark) return null;
  const text = cellText(t, cell);
  return (
    <span
      className={`attendance-mark attendance-${mark.tone}`}
      data-tone={mark.tone}
      title={text}
      role="img"
      aria-label={text}
    >
      {t(markKeys[mark.key])}
    </span>
  );
}
