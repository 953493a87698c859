import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 1 } });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

const year = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, bruto: 10_000_000, pension: 100_000, zakat: 0 }));

describe('POST /v1/payroll/pph21/calculate', () => {
  it('computes the PP 58/2023 example: 200,000 a month and December 515,000', async () => {
    const { status, body } = await t.call(admin, 'POST', '/v1/payroll/pph21/calculate', {
      ptkp_status: 'K/0',
      year: 2024,
      periods: year,
      last_period: true,
    });
    expect(status).toBe(200);
    expect(body.data.periods[0]).toEqual({ month: 1, category: 'A', rate: 0.02, bruto: 10_000_000, pph: 200_000 });
    expect(body.data.last_period).toEqual({
      bruto_year: 120_000_000,
      biaya_jabatan: 6_000_000,
      pension: 1_200_000,
      zakat: 0,
      neto: 112_800_000,
      ptkp: 58_500_000,
      pkp: 54_300_000,
      tax_year: 2_715_000,
      withheld: 2_200_000,
      pph: 515_000,
    });
  });

  it('defaults: valid tax id, no gross-up, no last period (last_period null)', async () => {
    const { status, body } = await t.call(admin, 'POST', '/v1/payroll/pph21/calculate', {
      ptkp_status: 'tk/0',
      periods: [{ month: 1, bruto: 8_000_000 }],
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      periods: [{ month: 1, category: 'A', rate: 0.015, bruto: 8_000_000, pph: 120_000 }],
      last_period: null,
    });
  });

  it('refuses bad input with a 400 naming the field, never a 5xx', async () => {
    const bad = [
      { ptkp_status: 'X/9', periods: [{ month: 1, bruto: 1 }] },
      { ptkp_status: 'TK/0', periods: [] },
      { ptkp_status: 'TK/0', periods: [{ month: 13, bruto: 1 }] },
      { ptkp_status: 'TK/0', periods: [{ month: 1, bruto: -1 }] },
      { ptkp_status: 'TK/0', periods: [{ month: 1, bruto: 1.5 }] },
      { ptkp_status: 'TK/0', year: 2023, periods: [{ month: 1, bruto: 1 }] },
      { ptkp_status: 'TK/0', periods: [{ month: 1, bruto: 1 }], extra: true },
    ];
    for (const body of bad) {
      const reply = await t.call(admin, 'POST', '/v1/payroll/pph21/calculate', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.code).toBe('validation_failed');
    }
    const order = await t.call(admin, 'POST', '/v1/payroll/pph21/calculate', {
      ptkp_status: 'TK/0',
      periods: [
        { month: 2, bruto: 1 },
        { month: 1, bruto: 1 },
      ],
    });
    expect(order.status).toBe(400);
    expect(order.body.fields.periods.code).toBe('months_order');
  });

  it('is for company admins only', async () => {
    const employee = await t.login('employee');
    const body = { ptkp_status: 'TK/0', periods: [{ month: 1, bruto: 1 }] };
    expect((await t.call(employee, 'POST', '/v1/payroll/pph21/calculate', body)).status).toBe(403);
    expect((await t.call(null, 'POST', '/v1/payroll/pph21/calculate', body)).status).toBe(401);
  });

  it('never answers 5xx to hostile or extreme bodies (fuzz of this route; the whole API is in tests/server/security)', async () => {
    const amount = fc.oneof(
      fc.integer({ min: 0, max: 100_000_000_000 }),
      fc.constantFrom(-1, 1.5, 1e15, Number.MAX_SAFE_INTEGER, '1000', null),
    );
    const body = fc.record(
      {
        ptkp_status: fc.constantFrom('TK/0', 'k/3', 'K/2', 'x', '', '\u0000'),
        tax_id_valid: fc.oneof(fc.boolean(), fc.constant('yes')),
        gross_up: fc.boolean(),
        annualize: fc.boolean(),
        previous_neto: amount,
        previous_pph: amount,
        year: fc.oneof(fc.integer({ min: 2020, max: 2200 }), fc.constant('2024')),
        periods: fc.array(
          fc.record({ month: fc.integer({ min: 0, max: 13 }), bruto: amount, pension: amount, zakat: amount }),
          { maxLength: 14 },
        ),
        last_period: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(body, fc.anything()), async (payload) => {
        const { status } = await t.call(admin, 'POST', '/v1/payroll/pph21/calculate', payload);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 300, seed: 20_261_123 },
    );
  });
});
