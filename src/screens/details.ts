/** Record detail screens by menu id, loaded on demand: an explicit list. Other menus keep the "coming soon" detail. */
import type { ComponentType, LazyExoticComponent } from 'react';
import { page } from '../lazyPage.ts';
import type { MenuId } from '../menu/index.ts';
import type { DetailScreenProps } from './types.ts';

type DetailScreen = LazyExoticComponent<ComponentType<DetailScreenProps>> & { preload: () => Promise<unknown> };

const employeeDetail: DetailScreen = page<DetailScreenProps>(() => import('./employee/EmployeeDetail.tsx'));

const detailScreens: Partial<Record<MenuId, DetailScreen>> = {
  'active-employees': employeeDetail,
  'resigned-employees': employeeDetail,
  'daily-worker': employeeDetail,
  'payroll-employees': page<DetailScreenProps>(() => import('./payroll/PayrollEmployee.tsx')),
};

export const detailScreenFor = (id: MenuId): DetailScreen | undefined => detailScreens[id];

/** A company loan's schedule (`/dashboard/payroll/employee-loan/detail/:id`). */
export const LoanSchedule = page<{ id: string; listLabel: string }>(() => import('./finance/LoanDetail.tsx'));
