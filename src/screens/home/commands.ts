/**
 * What the home page adds to the palette while it is on screen: a jump to each of its cards ("Home: Today"), the
 * request keys l / o / c (the same "New request" forms as the global request commands, opened on home itself, where
 * the leave and requests cards are: not over another screen), and r to review the oldest waiting requests. Plain
 * command objects, built from the page's state.
 */
import type { Command, LabelKey } from '../../commands/types.ts';

export const cardIds = [
  'clock',
  'leave',
  'requests',
  'payslip',
  'today',
  'waiting',
  'people',
  'headcount',
  'payroll',
  'loans',
] as const;
export type CardId = (typeof cardIds)[number];

const cardLabels = {
  clock: 'home.clock.title',
  leave: 'home.leave.title',
  requests: 'home.requests.title',
  payslip: 'home.payslip.title',
  today: 'home.today.title',
  waiting: 'home.waiting.card',
  people: 'home.people.title',
  headcount: 'home.people.chart',
  payroll: 'home.payroll.title',
  loans: 'home.loans.card',
} as const satisfies Record<CardId, LabelKey>;

const cardKeywords = {
  clock: ['clock', 'absen', 'masuk', '打卡'],
  leave: ['leave', 'balance', 'cuti', 'saldo', '假期'],
  requests: ['requests', 'pengajuan', '申请'],
  payslip: ['payslip', 'slip gaji', '工资单'],
  today: ['today', 'attendance', 'late', 'absent', 'hari ini', 'kehadiran', '今天', '考勤'],
  waiting: ['waiting', 'approvals', 'pending', 'menunggu', 'persetujuan', '待审批'],
  people: ['people', 'headcount', 'contracts', 'birthdays', 'karyawan', 'kontrak', 'ulang tahun', '人员'],
  headcount: ['chart', 'headcount', 'department', 'grafik', 'departemen', '图表'],
  payroll: ['payroll', 'thr', 'run', 'penggajian', '工资'],
  loans: ['loans', 'pinjaman', '贷款'],
} as const satisfies Record<CardId, readonly string[]>;

/** Focuses a card's heading (after the palette closed and gave the focus back). */
const focusCard = (id: CardId) =>
  setTimeout(() => {
    const heading = document.getElementById(`home-${id}-title`);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
  }, 0);

/** The requests home asks for with one key. */
export type HomeRequest = 'leave' | 'overtime' | 'clock_correction';

export interface HomeState {
  cards: readonly CardId[];
  hasEmployee: boolean;
  /** Opens the "New request" form on home. */
  ask(context: HomeRequest): void;
  /** The review screen of the oldest waiting context; null when nothing waits. */
  reviewPath: string | null;
  navigate(to: string): void;
}

const always = () => true;

export function homeCommands(state: HomeState): Command[] {
  const commands: Command[] = state.cards.map((id) => ({
    id: `home:card:${id}`,
    label: 'home.commands.card',
    labelValues: (ctx) => ({ card: ctx.t(cardLabels[id]) }),
    keywords: ['home', 'beranda', '首页', ...cardKeywords[id]],
    // Listed with navigation, not as the page's own commands: "depart" or "leave balance" must still rank the
    // Departments and Leave Balance screens first (issue 11's palette ranking), not a jump to a home card.
    group: 'navigation',
    isVisible: always,
    isEnabled: always,
    run: () => {
      focusCard(id);
    },
  }));
  const request = (context: HomeRequest, label: LabelKey, key: string): Command => ({
    id: `home:request:${context}`,
    label,
    keywords: ['request', 'pengajuan', '申请'],
    group: 'context',
    shortcut: { key },
    isVisible: () => state.hasEmployee,
    isEnabled: always,
    run: () => state.ask(context),
  });
  commands.push(
    request('leave', 'approvals.commands.requestLeave', 'l'),
    request('overtime', 'approvals.commands.requestOvertime', 'o'),
    request('clock_correction', 'approvals.commands.correctClock', 'c'),
  );
  if (state.reviewPath) {
    const path = state.reviewPath;
    commands.push({
      id: 'home:review',
      label: 'home.waiting.review',
      keywords: ['review', 'approve', 'batch', 'tinjau', 'setujui', '审批'],
      group: 'context',
      shortcut: { key: 'r' },
      isVisible: always,
      isEnabled: always,
      run: () => state.navigate(path),
    });
  }
  return commands;
}
