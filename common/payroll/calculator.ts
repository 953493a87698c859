/**
 * The tax calculator (issue 14, `POST /v1/payroll/pph21/calculate`): PPh 21 of a person's periods in one year by the
 * same functions a payroll run uses (pph21.ts). Every period but the last tax period pays the monthly TER (grossed
 * up when `gross_up`); with `last_period`, the last entry settles the year with Pasal 17.
 */
import { grossUp, monthlyTer, settleYear } from './pph21.ts';
import { periodDate } from './rates.ts';
import type { Pph21CalculateBody, Pph21CalculateReply, PtkpStatus } from './types.ts';

/** Today's year in Asia/Jakarta (UTC+7, no daylight saving). */
const jakartaYear = (now: Date): number => new Date(now.getTime() + 7 * 3_600_000).getUTCFullYear();

export function calculatePph21(body: Pph21CalculateBody, now: Date = new Date()): Pph21CalculateReply {
  const status = body.ptkp_status.toLowerCase() as PtkpStatus;
  const taxIdValid = body.tax_id_valid ?? true;
  const year = body.year ?? jakartaYear(now);
  const periods = body.periods;
  if (periods.length === 0) throw new RangeError('periods must not be empty');
  const lastIndex = body.last_period ? periods.length - 1 : -1;
  const out: Pph21CalculateReply['periods'] = [];
  let withheld = 0;
  let brutoBefore = 0;
  let pension = 0;
  let zakat = 0;
  let lastPeriod: Pph21CalculateReply['last_period'] = null;
  periods.forEach((period, index) => {
    const date = periodDate(year, period.month);
    const ter = (bruto: number) => monthlyTer({ bruto, status, taxIdValid, date });
    const periodPension = period.pension ?? 0;
    const periodZakat = period.zakat ?? 0;
    if (index === lastIndex) {
      const settle = (bruto: number) =>
        settleYear({
          status,
          taxIdValid,
          months: periods.length,
          brutoYear: brutoBefore + bruto,
          pension: pension + periodPension,
          zakat: zakat + periodZakat,
          previousNeto: body.previous_neto ?? 0,
          previousPph: body.previous_pph ?? 0,
          withheld,
          annualise: body.annualize ?? false,
          date,
        });
      const allowance = body.gross_up ? grossUp(period.bruto, (b) => settle(b).pph).allowance : 0;
      const bruto = period.bruto + allowance;
      const settlement = settle(bruto);
      const shown = ter(bruto);
      out.push({ month: period.month, category: shown.category!, rate: shown.rate ?? 0, bruto, pph: settlement.pph });
      lastPeriod = {
        bruto_year: settlement.bruto_year,
        biaya_jabatan: settlement.biaya_jabatan,
        pension: settlement.pension,
        zakat: settlement.zakat,
        neto: settlement.neto,
        ptkp: settlement.ptkp,
        pkp: settlement.pkp,
        tax_year: settlement.tax_year,
        withheld: settlement.withheld,
        pph: settlement.pph,
      };
      return;
    }
    const allowance = body.gross_up ? grossUp(period.bruto, (b) => ter(b).pph).allowance : 0;
    const bruto = period.bruto + allowance;
    const tax = ter(bruto);
    out.push({ month: period.month, category: tax.category!, rate: tax.rate ?? 0, bruto, pph: tax.pph });
    withheld += tax.pph;
    brutoBefore += bruto;
    pension += periodPension;
    zakat += periodZakat;
  });
  return { periods: out, last_period: lastPeriod };
}
