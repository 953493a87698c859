/**
 * The AG Grid Community modules the grids use, registered explicitly (no AllCommunityModule, and never an
 * Enterprise module: clipboard, range selection and batch editing are ours, in `editing.ts` and `ResourceGrid.tsx`).
 */
import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  DateFilterModule,
  InfiniteRowModelModule,
  LargeTextEditorModule,
  type Module,
  NumberFilterModule,
  QuickFilterModule,
  RenderApiModule,
  RowApiModule,
  RowSelectionModule,
  ScrollApiModule,
  SelectEditorModule,
  TextFilterModule,
  TooltipModule,
  ValidationModule,
} from 'ag-grid-community';

export const gridModules: Module[] = [
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  InfiniteRowModelModule,
  RowSelectionModule,
  CustomEditorModule,
  SelectEditorModule,
  LargeTextEditorModule,
  CheckboxEditorModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  QuickFilterModule,
  TooltipModule,
  CellStyleModule,
  ColumnApiModule,
  RowApiModule,
  RenderApiModule,
  ScrollApiModule,
  // Explains a missing module or a wrong option in the console while developing; left out of production builds.
  ...(import.meta.env.DEV ? [ValidationModule] : []),
];
