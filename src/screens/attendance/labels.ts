/** Label keys of the attendance screens, spelled out (the locale test finds every key used in src/). */
export const filterLabels = {
  department: 'attendance.daily.department',
  location: 'attendance.daily.location',
  group: 'attendance.daily.group',
} as const;

export const clockLabels = { clock_in: 'attendance.daily.clock_in', clock_out: 'attendance.daily.clock_out' } as const;

export const importFieldLabels = {
  employee_id: 'attendance.import.fields.employee_id',
  date: 'attendance.import.fields.date',
  clock_in: 'attendance.import.fields.clock_in',
  clock_out: 'attendance.import.fields.clock_out',
} as const;

export const totalLabels = {
  scheduled_days: 'attendance.totals.scheduled_days',
  present: 'attendance.totals.present',
  late: 'attendance.totals.late',
  late_minutes: 'attendance.totals.late_minutes',
  early: 'attendance.totals.early',
  early_minutes: 'attendance.totals.early_minutes',
  missed: 'attendance.totals.missed',
  absent: 'attendance.totals.absent',
  holidays: 'attendance.totals.holidays',
} as const;
