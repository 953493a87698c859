/**
 * An attendance day's status as a label key (`attendance.status.*`), spelled out (the locale test finds every key
 * used in src/): shared by the daily attendance screen and home's attendance card.
 */
export const statusLabels = {
  present: 'attendance.status.present',
  late: 'attendance.status.late',
  early: 'attendance.status.early',
  missed: 'attendance.status.missed',
  absent: 'attendance.status.absent',
  not_in: 'attendance.status.not_in',
  leave: 'attendance.status.leave',
  holiday: 'attendance.status.holiday',
  off: 'attendance.status.off',
} as const;
