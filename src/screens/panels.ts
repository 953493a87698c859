/**
 * One feature's dialogs and panels that another feature's screen shows, as an explicit list, each loaded on demand
 * (docs/decisions/0144). A feature folder never imports another's files (`.dependency-cruiser.cjs`): a screen that
 * opens another feature's dialog takes it from here, as the shell takes screens from registry.ts and details.ts. The
 * dialog stays in the feature whose data and rules it draws; a piece that belongs to no feature moves to
 * src/components instead. A screen shows an entry inside <Suspense>.
 */
import { lazy } from 'react';

/** approvals: the request form, opened from home's "New request" as from the approvals screens. */
export const NewRequest = lazy(() =>
  import('./approvals/NewRequest.tsx').then((module) => ({ default: module.NewRequest })),
);

/** approvals: the top bar's bell, the signed-in user's notifications (the shell shows it beside every screen). */
export const NotificationBell = lazy(() =>
  import('./approvals/Notifications.tsx').then((module) => ({ default: module.NotificationBell })),
);

/** approvals: the employee's own requests, listed in My Profile. */
export const OwnRequests = lazy(() =>
  import('./approvals/OwnRequests.tsx').then((module) => ({ default: module.OwnRequests })),
);

/** finance: the loans and advances an employee still owes, shown in the employee's detail (and before an exit). */
export const OutstandingFinance = lazy(() =>
  import('./finance/OutstandingFinance.tsx').then((module) => ({ default: module.OutstandingFinance })),
);

/** kpi: the employee's own final KPI scores, listed in My Profile. */
export const OwnKpiScores = lazy(() =>
  import('./kpi/OwnScores.tsx').then((module) => ({ default: module.OwnKpiScores })),
);

/** tax: the Coretax BP21 pre-check and XML of a completed daily payroll, opened from the daily payroll screen. */
export const CoretaxBp21 = lazy(() =>
  import('./tax/CoretaxBp21.tsx').then((module) => ({ default: module.CoretaxBp21 })),
);

/** portal: the employee's announcements and useful links, as home's cards. */
export const PortalCards = lazy(() =>
  import('./portal/OwnPortal.tsx').then((module) => ({ default: module.PortalCards })),
);

/** portal: the employee's announcements and warning letters, listed in My Profile. */
export const OwnPortal = lazy(() => import('./portal/OwnPortal.tsx').then((module) => ({ default: module.OwnPortal })));

/** portal: a valid SP 3 of the employee, noted in the exit dialog. */
export const ExitWarning = lazy(() =>
  import('./portal/ExitWarning.tsx').then((module) => ({ default: module.ExitWarning })),
);

/** sales: recording a store visit, on the sales employee's live-attendance screen (issue 29). */
export const RecordVisit = lazy(() =>
  import('./sales/RecordVisit.tsx').then((module) => ({ default: module.RecordVisit })),
);
