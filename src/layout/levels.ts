import type { Level } from '../../common/menu.ts';

/** The translated name of each level (role). */
export const levelKeys = {
  developer: 'levels.developer',
  admin: 'levels.admin',
  sub_admin: 'levels.sub_admin',
  custom: 'levels.custom',
  admin_department: 'levels.admin_department',
  approver: 'levels.approver',
  employee: 'levels.employee',
} as const satisfies Record<Level, `levels.${Level}`>;
