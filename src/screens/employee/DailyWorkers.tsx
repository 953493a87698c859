/**
 * daily-worker: freelance employees on Active and Inactive tabs, with bulk select: 'Deactivate' (an exit for
 * resignation from a chosen date) on the Active tab, 'Reactivate' (rehire) on the Inactive tab, and the grid's own
 * 'Set value for selected rows'.
 */
import { dailyWorkersGrid } from '../../grids/specs/daily-workers.ts';
import { employeeListScreen } from './exitActions.tsx';

export default employeeListScreen(dailyWorkersGrid, [
  { kind: 'deactivate', tabs: ['active'] },
  { kind: 'reactivate', tabs: ['inactive'] },
]);
