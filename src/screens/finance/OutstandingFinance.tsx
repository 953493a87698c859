/**
 * On an employee's exit (issue 15): the loans' remaining balance and the deposits' balance, for users who may read
 * finance → loan. The last run deducts the loans as far as the pay allows and pays the deposits back; what the pay
 * cannot carry stays on the loan, and is shown here (and on the loan) after the exit too.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../../common/menu.ts';
import { api, call } from '../../api/client.ts';
import { formatRupiah } from '../../format.ts';
import { viewerOf } from '../../menu/index.ts';
import { userAtom } from '../../session.ts';

export function OutstandingFinance({ employee }: { employee: string }) {
  const { t } = useTranslation();
  const user = useAtomValue(userAtom);
  const allowed = !!user && canAccess('finance-loan', viewerOf(user), 'read');
  const [figures, setFigures] = useState<{ loans: number; count: number; deposits: number } | null>(null);
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    Promise.all([
      call(api.GET('/v1/loans', { params: { query: { employee, status: 'active', limit: 100 } as never } })),
      call(api.GET('/v1/deposits', { params: { query: { employee, limit: 100 } as never } })),
    ]).then(
      ([loans, deposits]) => {
        if (!current) return;
        setFigures({
          loans: loans.data.reduce((sum, loan) => sum + (loan.total_amount - loan.amount_paid), 0),
          count: loans.data.length,
          deposits: deposits.data.reduce((sum, deposit) => sum + deposit.balance, 0),
        });
      },
      () => current && setFigures(null),
    );
    return () => {
      current = false;
    };
  }, [allowed, employee]);
  if (!figures || (figures.loans === 0 && figures.deposits === 0)) return null;
  return (
    <span className="badge badge-warning" role="note">
      {figures.loans > 0 && t('loans.exit.loans', { count: figures.count, amount: formatRupiah(figures.loans) })}
      {figures.loans > 0 && figures.deposits > 0 && ' · '}
      {figures.deposits > 0 && t('loans.exit.deposits', { amount: formatRupiah(figures.deposits) })}
    </span>
  );
}
