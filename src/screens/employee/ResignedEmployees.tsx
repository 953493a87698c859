/**
 * resigned-employees: employees whose exit date has come, as a grid with export, 'Open detail' (the detail route of a
 * resigned employee) and 'Rehire' for the selected rows.
 */
import { resignedEmployeesGrid } from '../../grids/specs/resigned-employees.ts';
import { employeeListScreen } from './exitActions.tsx';

export default employeeListScreen(resignedEmployeesGrid, [{ kind: 'rehire' }]);
