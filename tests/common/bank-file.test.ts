import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankFileCsv, payingBankFacts, payingBanks, transferReference } from '../../common/bank-file.ts';

describe('the generic bank transfer file (decision 0176)', () => {
  it('writes a header, one CRLF line per transfer, whole-rupiah amounts, quoted and neutralised text', () => {
    const csv = bankFileCsv([
      { account: '0123456789', name: 'Budi, S.Kom.', bank: 'BCA', amount: 5_250_000, reference: 'Payroll 2026-11 E-1' },
      { account: '9876543210', name: '=HYPERLINK("x")', bank: 'BNI', amount: 0, reference: 'Payroll 2026-11 E-2' },
    ]);
    expect(csv).toBe(
      'account,name,bank,amount,reference\r\n' +
        '0123456789,"Budi, S.Kom.",BCA,5250000,Payroll 2026-11 E-1\r\n' +
        `9876543210,"'=HYPERLINK(""x"")",BNI,0,Payroll 2026-11 E-2\r\n`,
    );
  });

  it('the amounts of any transfers add up to their total (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            account: fc.stringMatching(/^\d{6,16}$/),
            name: fc.string(),
            bank: fc.constantFrom('BCA', 'Mandiri', 'BNI', 'BRI'),
            amount: fc.integer({ min: 1, max: 1_000_000_000 }),
            reference: fc.constant('Payroll'),
          }),
          { maxLength: 30 },
        ),
        (transfers) => {
          const lines = bankFileCsv(transfers).trimEnd().split('\r\n');
          // A name may hold line breaks inside its quotes: count by the amounts, read from the line ends.
          const total = transfers.reduce((sum, t) => sum + t.amount, 0);
          const amounts = lines
            .slice(1)
            .map((line) => line.match(/,(\d+),Payroll$/)?.[1])
            .filter((amount) => amount !== undefined)
            .map(Number);
          expect(amounts.reduce((sum, a) => sum + a, 0)).toBe(total);
        },
      ),
    );
  });

  it('keeps references within 35 characters; no bank layout is claimed verified', () => {
    expect(transferReference('Payroll 2026-11   (November salaries)', 'DEMO-000123')).toHaveLength(35);
    for (const bank of payingBanks) expect(payingBankFacts[bank].layout).toBeNull();
  });
});
