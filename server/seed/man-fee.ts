/**
 * Demo man-fee rules (developer area → finances → man-fee; decision 0073): one rule a company from the start of last
 * year and a change this year, alternating percentage and per-employee companies, so the monthly and annual reports
 * open on figures. The fees of the completed demo months are then stored as completing them would have.
 */
import type { Db } from '../db/connect.ts';
import { manFeeRules } from '../db/schema.ts';
import { recordManFees } from '../finance/man-fee.ts';

export async function seedManFee(db: Db, companyIds: readonly string[], year: number) {
  if (companyIds.length === 0) return;
  const rows = companyIds.flatMap((company, index): (typeof manFeeRules.$inferInsert)[] =>
    index % 2 === 0
      ? [
          { company, effective_date: `${year - 1}-01-01`, method: 'percentage', percentage: 2.5 },
          { company, effective_date: `${year}-04-01`, method: 'percentage', percentage: 2.75 },
        ]
      : [
          { company, effective_date: `${year - 1}-01-01`, method: 'per_employee', amount_per_employee: 35_000 },
          { company, effective_date: `${year}-07-01`, method: 'per_employee', amount_per_employee: 40_000 },
        ],
  );
  await db.insert(manFeeRules).values(rows);
  await recordManFees(db, companyIds);
}
