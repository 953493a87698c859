/**
 * Coretax XML (server/tax/coretax-routes.ts, decision 0166) and PPh 21 DTP in the runs (decision 0165) on a real
 * database: PT Contoh Jaya (KLU 14111, apparel: a DTP sector in the seed) and its completed 2026 months. Each file is
 * parsed with fast-xml-parser: element order, enums and totals against the run; the pre-check names the rows Coretax
 * would refuse and the file is written only without them (leave_out) or not at all.
 */
import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, startTestApp, type TestApp } from '../../support/app.ts';

let t: TestApp;
let admin: string;
let demoAdmin: string;
let employeeToken: string;
const year = new Date().getUTCFullYear();
const currentMonth = new Date().getUTCMonth() + 1;
/** A completed month of the year (the seed completes every month before the current one). */
const month = Math.max(1, currentMonth - 2);

const bpmpOrder = [
  'TaxPeriodMonth',
  'TaxPeriodYear',
  'CounterpartOpt',
  'CounterpartPassport',
  'CounterpartTin',
  'StatusTaxExemption',
  'Position',
  'TaxCertificate',
  'TaxObjectCode',
  'Gross',
  'Rate',
  'IDPlaceOfBusinessActivity',
  'WithholdingDate',
];
const bp21Order = [
  'TaxPeriodMonth',
  'TaxPeriodYear',
  'CounterpartTin',
  'IDPlaceOfBusinessActivityOfIncomeRecipient',
  'StatusTaxExemption',
  'TaxCertificate',
  'TaxObjectCode',
  'Gross',
  'Deemed',
  'Rate',
  'Document',
  'DocumentNumber',
  'DocumentDate',
  'IDPlaceOfBusinessActivity',
  'WithholdingDate',
];
const bpa1Order = [
  'WorkForSecondEmployer',
  'TaxPeriodMonthStart',
  'TaxPeriodMonthEnd',
  'TaxPeriodYear',
  'CounterpartOpt',
  'CounterpartPassport',
  'CounterpartTin',
  'TaxExemptOpt',
  'StatusOfWithholding',
  'CounterpartPosition',
  'TaxObjectCode',
  'NumberOfMonths',
  'SalaryPensionJhtTht',
  'GrossUpOpt',
  'IncomeTaxBenefit',
  'OtherBenefit',
  'Honorarium',
  'InsurancePaidByEmployer',
  'Natura',
  'TantiemBonusThr',
  'PensionContributionJhtThtFee',
  'Zakat',
  'PrevWhTaxSlip',
  'TaxCertificate',
  'Article21IncomeTax',
  'IDPlaceOfBusinessActivity',
  'WithholdingDate',
];

const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false });
const plain = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['MmPayroll', 'Bp21', 'A1'].includes(name),
});

/** The root, its first children's names, and each item's child names in order. */
function structure(xml: string, root: string, list: string) {
  const doc = ordered.parse(xml) as Json[];
  const rootNode = doc.find((node) => root in node)!;
  const children = rootNode[root] as Json[];
  const listNode = children.find((node) => list in node)!;
  return {
    attributes: rootNode[':@'],
    top: children.map((node) => Object.keys(node).find((k) => k !== ':@')),
    items: (listNode[list] as Json[]).map((item) =>
      (Object.values(item)[0] as Json[]).map((field) => Object.keys(field).find((k) => k !== ':@')),
    ),
  };
}

const raw = async (token: string, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.body, headers: response.headers };
};

beforeAll(async () => {
  t = await startTestApp({ employees: { DEMO: 3, CJ: 8 } });
  [admin, demoAdmin, employeeToken] = await Promise.all([t.login('admin.cj'), t.login('admin'), t.login('employee')]);
}, 600_000);
afterAll(async () => t?.close());

describe('company tax settings', () => {
  it('carry the NITKU and the KLU code with its DTP sector; bad ones are a translated 400', async () => {
    const tax = (await t.call(admin, 'GET', '/v1/company/tax')).body.data;
    expect(tax.klu_code).toBe('14111');
    expect(tax.dtp_sector).toBe('textile_apparel');
    expect(tax.nitku).toBe(`${tax.npwp_number}000000`);
    const bad = await t.call(admin, 'PUT', '/v1/company/tax', {
      npwp_number: tax.npwp_number,
      nitku: '123',
      klu_code: 'abc',
      tax_person: tax.tax_person?._id ?? null,
      taxable_date: tax.taxable_date,
      version: tax.version,
    });
    expect(bad.status).toBe(400);
  });
});

describe('PPh 21 DTP in the runs', () => {
  it('eligible CJ payslips of the year carry a pph21_dtp earning equal to the TER of the regular gross', async () => {
    const { rows } = await t.database.db.execute<{ lines: Json[]; pph21: string; pph21_dtp: string; thp: string }>(sql`
      select p.lines, p.pph21, p.pph21_dtp, p.thp from payslips p
      join payroll_summaries s on s.id = p.summary_id join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'payroll_run' and s.year = ${year} and s.month = ${month}`);
    expect(rows.length).toBeGreaterThan(0);
    const borne = rows.filter((row) => Number(row.pph21_dtp) > 0);
    expect(borne.length).toBeGreaterThan(0);
    for (const row of borne) {
      const line = row.lines.find((l: Json) => l.code === 'pph21_dtp');
      expect(line.amount).toBe(Number(row.pph21_dtp));
      expect(line.explain.reason).toBe('eligible');
      expect(Number(row.pph21_dtp)).toBeLessThanOrEqual(Number(row.pph21));
    }
    // Every CJ payslip says why it qualifies or not.
    for (const row of rows) {
      const pph = row.lines.find((l: Json) => l.code === 'pph21');
      if (pph) expect(pph.explain.dtp?.reason).toBeTypeOf('string');
    }
  });

  it('the DEMO company (trading, KLU 46900) has none', async () => {
    const { rows } = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from payslips p join companies c on c.id = p.company_id
      where c.code = 'DEMO' and p.pph21_dtp <> 0`);
    expect(rows[0]!.n).toBe(0);
  });

  it('the PPh report carries the DTP per row and in its totals', async () => {
    const report = (await t.call(admin, 'GET', `/v1/pph-report?year=${year}&month=${month}`)).body.data;
    const sum = report.rows.reduce((s: number, r: Json) => s + r.pph21_dtp, 0);
    expect(sum).toBe(report.totals.pph21_dtp);
    expect(sum).toBeGreaterThan(0);
    expect(report.withholder.klu_code).toBe('14111');
  });
});

describe('BPMP', () => {
  it('is written for the month, elements in the converter’s order, totals equal to the run', async () => {
    const check = (await t.call(admin, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=${month}`)).body.data;
    expect(check.company).toEqual([]);
    const file = await raw(admin, `/v1/coretax/bpmp?year=${year}&month=${month}&leave_out=true`);
    expect(file.status, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('application/xml');
    expect(file.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const shape = structure(file.body, 'MmPayrollBulk', 'ListOfMmPayroll');
    expect(shape.attributes?.['@_xmlns:xsi']).toBe('http://www.w3.org/2001/XMLSchema-instance');
    expect(shape.top).toEqual(['TIN', 'ListOfMmPayroll']);
    expect(shape.items.length).toBe(check.ready);
    for (const item of shape.items) expect(item).toEqual(bpmpOrder);
    const items = plain.parse(file.body).MmPayrollBulk.ListOfMmPayroll.MmPayroll as Json[];
    const tax = (await t.call(admin, 'GET', '/v1/company/tax')).body.data;
    expect(String(plain.parse(file.body).MmPayrollBulk.TIN)).toBe(tax.npwp_number);
    let gross = 0;
    for (const item of items) {
      expect(['Resident', 'Foreign']).toContain(item.CounterpartOpt);
      expect(item.CounterpartPassport['@_xsi:nil']).toBe('true');
      expect(item.CounterpartTin).toMatch(/^\d{16}$/);
      expect(['TK/0', 'TK/1', 'TK/2', 'TK/3', 'K/0', 'K/1', 'K/2', 'K/3']).toContain(item.StatusTaxExemption);
      expect(['N/A', 'DTP']).toContain(item.TaxCertificate);
      expect(item.TaxObjectCode).toBe('21-100-01');
      expect(item.Rate).toMatch(/^\d+\.\d{2}$/);
      expect(item.IDPlaceOfBusinessActivity).toBe(tax.nitku);
      expect(item.WithholdingDate).toMatch(new RegExp(`^${year}-${String(month).padStart(2, '0')}-\\d{2}$`));
      gross += Number(item.Gross);
      // Coretax's tax: gross × rate; the run's PPh 21 of the month is exactly that (the check refuses otherwise).
    }
    expect(gross).toBe(check.totals.gross);
    expect(items.filter((i) => i.TaxCertificate === 'DTP').length).toBeGreaterThan(0);
    // The run: every written row's gross and PPh 21 is its payslip's.
    const { rows } = await t.database.db.execute<{ bruto: string; pph21: string; pph21_dtp: string }>(sql`
      select coalesce(sum(p.bruto), 0) as bruto, coalesce(sum(p.pph21), 0) as pph21,
        coalesce(sum(p.pph21_dtp), 0) as pph21_dtp
      from payslips p join payroll_summaries s on s.id = p.summary_id join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'payroll_run' and s.year = ${year} and s.month = ${month}
        and not coalesce((p.input->>'last_period')::boolean, false) and p.bruto > 0`);
    const refusedBruto = check.refused.length ? null : Number(rows[0]!.bruto);
    if (refusedBruto !== null) expect(check.totals.gross).toBe(refusedBruto);
  });

  it('the pre-check names the rows Coretax would refuse; the file is refused, or written without them', async () => {
    const db = t.database.db;
    const { rows } = await db.execute<{ id: string; employee_id: string; fullname: string }>(sql`
      select p.id, p.employee_id, p.fullname from payslips p
      join payroll_summaries s on s.id = p.summary_id join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'payroll_run' and s.year = ${year} and s.month = ${month} and p.bruto > 0
      order by p.employee_number limit 2`);
    const [noId, noTitle] = rows as [Json, Json];
    await db.execute(sql`update payslips set npwp = null, nik = '12345' where id = ${noId.id}`);
    await db.execute(sql`update payslips set job_title_name = null,
      input = jsonb_set(input, '{employee,ptkp_status}', 'null'::jsonb) where id = ${noTitle.id}`);
    const check = (await t.call(admin, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=${month}`)).body.data;
    const byId = new Map(check.refused.map((r: Json) => [r.employee._id, r]));
    expect((byId.get(noId.employee_id) as Json).problems).toEqual(['tin']);
    expect((byId.get(noTitle.employee_id) as Json).problems).toEqual(['ptkp', 'position']);
    expect((byId.get(noTitle.employee_id) as Json).fix).toBe('employee');
    const refused = await raw(admin, `/v1/coretax/bpmp?year=${year}&month=${month}`);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body).code).toBe('coretax_refused');
    expect(JSON.parse(refused.body).message).toContain(noId.fullname);
    const without = await raw(admin, `/v1/coretax/bpmp?year=${year}&month=${month}&leave_out=true`);
    expect(without.status).toBe(200);
    const items = plain.parse(without.body).MmPayrollBulk.ListOfMmPayroll.MmPayroll as Json[];
    expect(items.length).toBe(check.ready);
    expect(items.some((i) => i.CounterpartTin === '12345')).toBe(false);
  });

  it('without the company NITKU no file is written (409, translated code)', async () => {
    const tax = (await t.call(admin, 'GET', '/v1/company/tax')).body.data;
    const put = (nitku: string | null, version: number) =>
      t.call(admin, 'PUT', '/v1/company/tax', {
        npwp_number: tax.npwp_number,
        nitku,
        klu_code: tax.klu_code,
        tax_person: tax.tax_person?._id ?? null,
        taxable_date: tax.taxable_date,
        version,
      });
    const cleared = await put(null, tax.version);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const check = (await t.call(admin, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=${month}`)).body.data;
    expect(check.company).toEqual(['nitku']);
    const file = await raw(admin, `/v1/coretax/bpmp?year=${year}&month=${month}&leave_out=true`);
    expect(file.status).toBe(409);
    expect(JSON.parse(file.body).code).toBe('coretax_company_ids');
    expect((await put(tax.nitku, cleared.body.data.version)).status).toBe(200);
  });

  it('is the caller’s company only, and read access only', async () => {
    const demo = (await t.call(demoAdmin, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=${month}`)).body.data;
    const cj = (await t.call(admin, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=${month}`)).body.data;
    expect(demo.totals.pph21_dtp).toBe(0);
    expect(cj.totals.pph21_dtp).toBeGreaterThan(0);
    expect((await t.call(employeeToken, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=${month}`)).status).toBe(403);
    expect((await t.call(admin, 'GET', `/v1/coretax/bpmp/check?year=${year}&month=13`)).status).toBe(400);
  });
});

describe('BP21', () => {
  it('one completed daily payroll: elements in order, Deemed 100, object code 21-100-03, totals', async () => {
    const { rows } = await t.database.db.execute<{ id: string; total_bruto: string }>(sql`
      select s.id, s.total_bruto from payroll_summaries s join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'weekly' and s.status = 'completed' order by s.period_end desc limit 1`);
    if (!rows[0]) return;
    const id = rows[0].id;
    const check = (await t.call(admin, 'GET', `/v1/coretax/bp21/check?summary=${id}`)).body.data;
    expect(check.kind).toBe('bp21');
    if (check.ready === 0) return;
    const file = await raw(admin, `/v1/coretax/bp21?summary=${id}&leave_out=true`);
    expect(file.status, file.body).toBe(200);
    const shape = structure(file.body, 'Bp21Bulk', 'ListOfBp21');
    expect(shape.top).toEqual(['TIN', 'ListOfBp21']);
    for (const item of shape.items) expect(item).toEqual(bp21Order);
    const items = plain.parse(file.body).Bp21Bulk.ListOfBp21.Bp21 as Json[];
    let gross = 0;
    for (const item of items) {
      expect(item.TaxObjectCode).toBe('21-100-03');
      expect(item.Deemed).toBe('100');
      expect(item.Document).toBe('PaymentProof');
      expect(['N/A', 'TaxExAr21', 'DTP', 'ETC']).toContain(item.TaxCertificate);
      expect(item.IDPlaceOfBusinessActivityOfIncomeRecipient).toBe(`${item.CounterpartTin}000000`);
      gross += Number(item.Gross);
    }
    expect(gross).toBe(check.totals.gross);
    if (check.refused.length === 0) expect(gross).toBe(Number(rows[0].total_bruto));
    // A monthly run is not a daily payroll.
    const { rows: monthly } = await t.database.db.execute<{ id: string }>(sql`
      select s.id from payroll_summaries s join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'payroll_run' limit 1`);
    expect((await t.call(admin, 'GET', `/v1/coretax/bp21/check?summary=${monthly[0]!.id}`)).status).toBe(404);
  });
});

describe('BPA1', () => {
  it('the final forms of the year (an exit month settles it), DTP on line 20 and TaxCertificate', async () => {
    const db = t.database.db;
    // November: an employee leaves; their November payslip is the last tax period.
    const { rows: pending } = await db.execute<{ id: string }>(sql`
      select s.id from payroll_summaries s join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'payroll_run' and s.year = ${year} and s.month = ${currentMonth}
        and s.status = 'pending'`);
    if (pending[0]) expect((await t.call(admin, 'DELETE', `/v1/payroll-summary/${pending[0].id}`)).status).toBe(204);
    const { rows: people } = await db.execute<{ id: string }>(sql`
      select p.employee_id as id from payslips p join payroll_summaries s on s.id = p.summary_id
      join companies c on c.id = s.company_id
      where c.code = 'CJ' and s.type = 'payroll_run' and s.year = ${year} and s.month = ${month} and p.pph21_dtp > 0
        and p.job_title_name is not null and p.input->'employee'->>'ptkp_status' is not null
      order by p.employee_number limit 1`);
    const leaver = people[0]!.id;
    await db.execute(
      sql`update employees set exit_date = ${`${year}-${String(currentMonth).padStart(2, '0')}-10`} where id = ${leaver}`,
    );
    const created = await t.call(admin, 'POST', '/v1/payroll-summary', {
      type: 'payroll_run',
      year,
      month: currentMonth,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const done = await t.call(admin, 'POST', `/v1/payroll-summary/${created.body.data._id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const forms = (await t.call(admin, 'GET', `/v1/pph-a1/employees?year=${year}`)).body.data as Json[];
    const form = forms.find((f) => f._id === leaver)!;
    expect(form.final).toBe(true);
    expect(form.line_20).toBeGreaterThan(0);
    expect(form.line_21).toBe(form.line_18 - form.line_19 - form.line_20);
    expect(form.line_22 + form.line_23).toBe(form.line_21);
    const check = (await t.call(admin, 'GET', `/v1/coretax/bpa1/check?year=${year}`)).body.data;
    expect(check.ready).toBeGreaterThan(0);
    const file = await raw(admin, `/v1/coretax/bpa1?year=${year}&leave_out=true`);
    expect(file.status, file.body).toBe(200);
    const shape = structure(file.body, 'A1Bulk', 'ListOfA1');
    expect(shape.top).toEqual(['TIN', 'ListOfA1']);
    for (const item of shape.items) expect(item).toEqual(bpa1Order);
    const items = plain.parse(file.body).A1Bulk.ListOfA1.A1 as Json[];
    const mine = items.find(
      (i) => i.CounterpartTin === (form.tax_id ?? '').padStart(16, '0') || i.TaxPeriodMonthEnd === String(currentMonth),
    )!;
    expect(mine.TaxCertificate).toBe('DTP');
    expect(mine.StatusOfWithholding).toMatch(/^(FullYear|PartialYear|Annualized)$/);
    expect(mine.WorkForSecondEmployer).toBe('No');
    expect(Number(mine.SalaryPensionJhtTht)).toBe(form.line_1);
    expect(Number(mine.Article21IncomeTax)).toBe(form.line_18 - form.line_19);
  });
});
