/**
 * The exit with its pay (decision 0170): the exit pay is computed and checked first (an edit without a reason, or
 * edits by a caller who may not write payroll, refuse the whole exit), then the exit and the exit pay are written.
 */
import { type ExitCause, severanceRateTables } from '../../common/payroll/severance.ts';
import type { Db } from '../db/connect.ts';
import { mayAccess } from '../http/access.ts';
import { forbidden } from '../http/errors.ts';
import type { Scope } from '../scope/scope.ts';
import { type ExitPayRequest, previewExitPay, saveExitPay } from './repository.ts';

/** The exit reason (`employees.exit_reason`) a cause is: a resignation, or an ending of employment (phk). */
export const causeReason = (cause: ExitCause) =>
  (severanceRateTables[severanceRateTables.length - 1] as (typeof severanceRateTables)[number]).value.causes[cause]
    .reason;

export async function exitWithPay<T>(
  db: Db,
  scope: Scope,
  id: string,
  exit: { exit_date: string },
  pay: Omit<ExitPayRequest, 'exit_date'>,
  doExit: () => Promise<T>,
): Promise<T> {
  if ((pay.pay?.length ?? 0) > 0 && !mayAccess(scope.actor, 'payroll-employees', 'write')) throw forbidden();
  const request = { ...pay, exit_date: exit.exit_date };
  await previewExitPay(db, scope, id, request);
  const row = await doExit();
  await db.transaction((tx) => saveExitPay(tx, scope, id, request));
  return row;
}
