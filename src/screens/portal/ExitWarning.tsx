/**
 * The exit dialog's note of a valid SP 3 (issue 28): shown through src/screens/panels.ts in the employee detail's
 * exit dialog. Nothing for a caller without the warning letters' (and payroll) permission: the status call is refused.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { inline, raw } from './usePortalRows.ts';

interface Valid {
  type: 'sp_1' | 'sp_2' | 'sp_3';
  start_date: string;
  end_date: string;
}

export function ExitWarning({ employee }: { employee: string }) {
  const { t } = useTranslation();
  const [sp3, setSp3] = useState<Valid | null>(null);
  useEffect(() => {
    let current = true;
    call<{ data: { valid: Valid[] } }>(
      raw.GET('/v1/employees/surat-peringatan/status', { params: { query: { employee } }, headers: inline }),
    ).then(
      ({ data }: { data: { valid: Valid[] } }) => current && setSp3(data.valid.find((v) => v.type === 'sp_3') ?? null),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [employee]);
  if (!sp3) return null;
  return (
    <p role="note" className="warning">
      {t('portal.letters.exitWarning', { start: sp3.start_date, end: sp3.end_date })}
    </p>
  );
}
