/**
 * A grid spec's columns as AG Grid column definitions: labels by convention (`resources.<name>.fields.<field>`),
 * the kind's editor, filter, width and display, per-row editability, and the cell states (saving, invalid, staged).
 */
import type { ColDef, EditableCallbackParams, ValueFormatterParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import type { GridContext } from './context.ts';
import { editorFor } from './editors/index.ts';
import { isEditableColumn, kindOf } from './kinds.ts';
import { fieldLabel } from './labels.ts';
import { cellErrorText } from './parse.ts';
import type { AnyColumn, AnyGridSpec, DraftRow } from './types.ts';

type Row = DraftRow<Record<string, unknown>>;

const metaOf = (params: { context: GridContext; data?: Row }) =>
  params.data ? params.context.meta.get(params.data._id) : undefined;

/** The reason a cell was refused, in the user's language, or null. */
export function cellProblem(context: GridContext, row: Row | undefined, field: string): string | null {
  const error = row && context.meta.get(row._id)?.errors?.[field];
  if (!error) return null;
  return cellErrorText(context.t, error);
}

export function columnDefs(spec: AnyGridSpec, t: TFunction, language: string): ColDef<Row>[] {
  return spec.columns.map((column: AnyColumn): ColDef<Row> => {
    const kind = kindOf(column);
    const label = fieldLabel(t, spec, column.field);
    const required = column.required ? ' *' : '';
    // Text-like columns share the spare width of a wide screen, never narrower than their width; pinned ones do not.
    const grows = kind.flex > 0 && !column.pinned;
    return {
      colId: column.field,
      field: column.field,
      // Kinds are ours (kinds.ts): AG Grid infers nothing.
      cellDataType: false,
      headerName: label + required,
      // The whole label, however narrow the column ('Employee status', not 'Employe…').
      headerTooltip: column.required ? `${label} (${t('grid.required')})` : label,
      ...(grows ? { flex: kind.flex, minWidth: column.width ?? kind.width } : { width: column.width ?? kind.width }),
      pinned: column.pinned ?? null,
      hide: column.hide ?? false,
      sortable: true,
      resizable: true,
      filter: kind.filter ?? false,
      ...(kind.filter === 'agDateColumnFilter'
        ? {
            filterParams: {
              comparator: (day: Date, value: unknown) => {
                if (typeof value !== 'string' || !value) return -1;
                const cell = value.slice(0, 10);
                const wanted = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
                return cell < wanted ? -1 : cell > wanted ? 1 : 0;
              },
            },
          }
        : {}),
      type: kind.align === 'end' ? 'rightAligned' : undefined,
      valueGetter: column.compute ? (params) => (params.data ? column.compute!(params.data) : null) : undefined,
      // A refused cell shows what was typed or pasted, flagged (`cell-invalid`); why is its tooltip, and the grid's
      // message line says it in full.
      valueFormatter: (params: ValueFormatterParams<Row>) => {
        const shown = kind.display(params.value, column, t, language);
        const error = params.data && (params.context as GridContext).meta.get(params.data._id)?.errors?.[column.field];
        return error?.text ?? shown;
      },
      filterValueGetter: (params) => kind.sortValue(params.data?.[column.field], column),
      getQuickFilterText: (params) => kind.display(params.value, column, t, language),
      comparator: (a, b) => {
        const x = kind.sortValue(a, column);
        const y = kind.sortValue(b, column);
        if (x === y) return 0;
        if (x === null) return -1;
        if (y === null) return 1;
        return x < y ? -1 : 1;
      },
      editable: isEditableColumn(column)
        ? (params: EditableCallbackParams<Row>) =>
            !params.data ||
            ((typeof column.editable === 'function' ? column.editable(params.data) : true) &&
              !(params.context as GridContext).meta.get(params.data._id)?.saving?.size)
        : false,
      ...editorFor(column),
      cellClassRules: {
        'cell-invalid': (params) => !!metaOf(params)?.errors?.[column.field],
        'cell-saving': (params) => {
          const saving = metaOf(params)?.saving;
          return !!saving && (saving.has(column.field) || saving.has('*'));
        },
        'cell-staged': (params) => {
          const meta = metaOf(params);
          if (meta?.pending && column.field in meta.pending.after) return true;
          return !!meta?.staged && (meta.draft || column.field in meta.staged);
        },
        'cell-readonly': (params) =>
          !isEditableColumn(column) ||
          (typeof column.editable === 'function' && !!params.data && !column.editable(params.data)),
      },
      tooltipValueGetter: (params) =>
        cellProblem(params.context as GridContext, params.data as Row | undefined, column.field) ?? undefined,
    };
  });
}
