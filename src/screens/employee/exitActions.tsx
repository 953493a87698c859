/**
 * The employee lists' batch actions on the selected rows (a toolbar button and a palette command each, through
 * `ResourceGrid`'s `batchActions`): 'Rehire' (resigned-employees), 'Reactivate' and 'Deactivate' (daily-worker). Each
 * asks first in a dialog, then calls the feature route for every selected row with the row's version
 * (`POST /v1/employees/:id/rehire`, `POST /v1/employees/:id/exit` with reason 'resign' and the chosen date), reports
 * the rows that failed and reloads the list.
 */

import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jakartaToday } from '../../../common/employment.ts';
import { toApiError } from '../../api/client.ts';
import type { LabelKey } from '../../commands/types.ts';
import { DateInput, readDateText } from '../../components/DateInput.tsx';
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import type { BatchAction } from '../../grids/commands.ts';
import { Modal } from '../../grids/dialogs.tsx';
import { ResourceGrid } from '../../grids/ResourceGrid.tsx';
import { employeeTitle } from '../../grids/specs/employee-columns.ts';
import type { AnyGridSpec, DraftRow } from '../../grids/types.ts';
import { useCanWrite } from '../../menu/access.ts';
import { notifyError, toast } from '../../overlays/progress.ts';
import type { ScreenProps } from '../types.ts';
import { exitEmployee, rehireEmployee } from './api.ts';

type Row = DraftRow<Record<string, unknown>> & { version?: number };
export type EmployeeBatchKind = 'rehire' | 'reactivate' | 'deactivate';

interface Texts {
  /** The button and command ('… selected ({{count}})'). */
  label: LabelKey;
  keywords: readonly string[];
  /** The dialog's question, its explanation and its confirming button. */
  title: LabelKey;
  body: LabelKey;
  confirm: LabelKey;
}

const texts = {
  rehire: {
    label: 'employeeLists.rehire',
    keywords: ['rehire', 'restore', 'reinstate', 'active', 'rekrut', 'aktifkan', 'kembali', '重新雇用', '复职'],
    title: 'employeeLists.rehireTitle',
    body: 'employeeLists.rehireBody',
    confirm: 'employeeLists.rehireConfirm',
  },
  reactivate: {
    label: 'employeeLists.reactivate',
    keywords: ['reactivate', 'rehire', 'active', 'aktifkan', 'kembali', '重新启用', '激活'],
    title: 'employeeLists.reactivateTitle',
    body: 'employeeLists.rehireBody',
    confirm: 'employeeLists.reactivateConfirm',
  },
  deactivate: {
    label: 'employeeLists.deactivate',
    keywords: ['deactivate', 'inactive', 'exit', 'resign', 'nonaktifkan', 'keluar', '停用', '离职'],
    title: 'employeeLists.deactivateTitle',
    body: 'employeeLists.deactivateBody',
    confirm: 'employeeLists.deactivateConfirm',
  },
} as const satisfies Record<EmployeeBatchKind, Texts>;

/** What each kind does to one employee (the detail's calls, errors reported once for the batch); `date`: the exit date. */
const rehire = (row: Row) => rehireEmployee(row._id, row.version ?? 1);
const perRow = {
  rehire,
  reactivate: rehire,
  deactivate: (row: Row, date: string) =>
    exitEmployee(row._id, { version: row.version ?? 1, exit_reason: 'resign', exit_date: date }),
} satisfies Record<EmployeeBatchKind, (row: Row, date: string) => Promise<unknown>>;

interface Pending {
  kind: EmployeeBatchKind;
  rows: readonly Row[];
  reload: () => void;
}

/** A kind of action a list offers, on the status tabs given (every tab when none). */
export type EmployeeBatchOffer = { kind: EmployeeBatchKind; tabs?: readonly string[] };

/**
 * The batch actions for a list and the dialog that runs them.
 * @example const { batchActions, dialog } = useEmployeeBatchActions([{ kind: 'rehire' }]);
 */
export function useEmployeeBatchActions(offer: readonly EmployeeBatchOffer[]): {
  batchActions: readonly BatchAction[];
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const key = JSON.stringify(offer);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the offer by content, not by array identity.
  const batchActions = useMemo(
    () =>
      offer.map(
        ({ kind, tabs }): BatchAction => ({
          id: kind,
          label: texts[kind].label,
          keywords: texts[kind].keywords,
          ...(tabs ? { tabs } : {}),
          run: (rows, reload) => setPending({ kind, rows, reload }),
        }),
      ),
    [key],
  );
  const dialog = pending && (
    <EmployeeBatchDialog
      key={pending.kind}
      {...pending}
      onClose={(changed) => {
        setPending(null);
        if (changed) pending.reload();
      }}
    />
  );
  return { batchActions, dialog };
}

function EmployeeBatchDialog({
  kind,
  rows,
  onClose,
}: Pending & {
  /** `changed`: some row was changed, so the list must be fetched again. */
  onClose: (changed: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [date, setDate] = useState(jakartaToday);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dateId = useId();
  const text = texts[kind];

  async function run() {
    const day = readDateText(date);
    if (kind === 'deactivate' && !day) {
      setError(t('grid.errors.date'));
      return;
    }
    setBusy(true);
    setError(null);
    const failed: string[] = [];
    let done = 0;
    // One by one: each call carries its row's version, and a refusal names its row.
    for (const row of rows) {
      try {
        await perRow[kind](row, day ?? date);
        done++;
      } catch (reason) {
        failed.push(`${employeeTitle(row)}: ${toApiError(reason).message}`);
      }
    }
    if (done) toast(t('employeeLists.done', { count: done }), 'success');
    if (failed.length) notifyError(t('employeeLists.failed', { list: failed.join('; ') }));
    onClose(done > 0);
  }

  return (
    <Modal title={t(text.title, { count: rows.length })} onCancel={() => !busy && onClose(false)} role="alertdialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void run();
        }}
      >
        <p>{t(text.body)}</p>
        <p>
          {rows.slice(0, 5).map(employeeTitle).join(', ')}
          {rows.length > 5 ? '…' : ''}
        </p>
        {kind === 'deactivate' && (
          <>
            <label htmlFor={dateId}>{t('employeeLists.exitDate')}</label>
            <DateInput id={dateId} required value={date} onChange={setDate} language={i18n.language} />
          </>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" disabled={busy} onClick={() => onClose(false)}>
            {t('grid.cancel')}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {t(text.confirm, { count: rows.length })}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * A screen of one employee list whose selected rows get exit actions (resigned employees: rehire; daily workers:
 * deactivate and reactivate): the header, the grid and the actions' dialog.
 */
export function employeeListScreen(spec: AnyGridSpec, offer: readonly EmployeeBatchOffer[]) {
  return function EmployeeListScreen({ entry, trail }: ScreenProps) {
    const { t } = useTranslation();
    const title = t(entry.titleKey);
    const canWrite = useCanWrite(entry.id);
    const { batchActions, dialog } = useEmployeeBatchActions(offer);
    return (
      <>
        <ScreenHeader trail={trail} title={title} />
        <ResourceGrid spec={spec} title={title} canWrite={canWrite} batchActions={batchActions} />
        {dialog}
      </>
    );
  };
}
