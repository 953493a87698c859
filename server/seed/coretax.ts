/**
 * Demo data of the Coretax exports and PPh 21 DTP (decisions 0165, 0166): every demo company gets its ID TKU (NITKU:
 * the NPWP and 000000, the head office) and a main KLU code. PT Contoh Jaya, a Bandung manufacturer, makes apparel
 * (KLU 14111, industri pakaian jadi dari tekstil): a DTP sector, so its 2025 and 2026 runs show the PPh 21 DTP line;
 * the DEMO company trades (KLU 46900, perdagangan besar berbagai macam barang): no DTP. Runs in the core seed's
 * transaction, before the fill computes any run.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/connect.ts';

/** The demo companies' KLU codes, by company code. */
export const demoKlu: Readonly<Record<string, string>> = { DEMO: '46900', CJ: '14111' };

export async function seedCoretaxSettings(tx: Executor) {
  const codes = Object.keys(demoKlu);
  const klu = sql.join(
    codes.map((code) => sql`when ${code} then ${demoKlu[code]}`),
    sql` `,
  );
  await tx.execute(sql`
    update companies set
      nitku = case when length(npwp_number) = 16 then npwp_number || '000000' else null end,
      klu_code = case code ${klu} else klu_code end
    where code in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})`);
}
