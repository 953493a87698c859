/**
 * Demo data: two companies with departments, job titles, locations, the other reference lists and payroll rules
 * (every company's defaults, server/companies/defaults.ts, at each demo company's salary level and with its
 * departments' head roles), a few hundred employees with user accounts and family members, plus one login per role.
 * Deterministic: a seeded PRNG drives every choice, so every run gives the same people, salaries and organisation
 * (record ids come from `crypto.randomUUID`; dates are offsets from today, so ages and service lengths read the same
 * whenever the seed runs).
 */

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { computePayslip } from '../../common/payroll/payslip.ts';
import type { PtkpStatus } from '../../common/payroll/types.ts';
import type { Relationship } from '../../common/relationships.ts';
import { hashPassword } from '../auth/passwords.ts';
import { insertReferenceRows, type ReferenceRows, referenceRows } from '../companies/defaults.ts';
import type { Db, Executor } from '../db/connect.ts';
import {
  accessRoles,
  companies,
  departments,
  employeeFamily,
  employees,
  jobTitles,
  locations,
  subDepartments,
  users,
} from '../db/schema.ts';
import { seedAccess } from './access.ts';
import { seedCoretaxSettings } from './coretax.ts';
import { type FillOptions, fillDemoHistory, planFill, recordFillPlan } from './fill.ts';
import { seedKpi } from './kpi.ts';
import {
  banks,
  cityCodes,
  type Ethnicity,
  type Gender,
  makeName,
  mobilePrefixes,
  nameFromParts,
  namePools,
  type PersonName,
  Rng,
  religionOf,
  seedOf,
} from './names.ts';
import { seedPlatform } from './platform.ts';
import { seedPortal } from './portal.ts';
import { seedSalesStores } from './sales.ts';
import { seedSchedules } from './schedules.ts';
import { seedSeverance } from './severance.ts';

export const DEMO_PASSWORD = 'demo12345';

type Level = (typeof users.$inferInsert)['level'];
type Status = NonNullable<(typeof employees.$inferInsert)['status']>;
type CompanyRow = typeof companies.$inferInsert;
type UserRow = typeof users.$inferInsert;
type EmployeeRow = typeof employees.$inferInsert;
type FamilyRow = typeof employeeFamily.$inferInsert;

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters for the widest table. */
const BATCH = 500;
const DAY = 86_400_000;
const MAX_SALARY = 35_000_000;

// ---------------------------------------------------------------------------------------------------------------
// The companies

type Role = 'head' | 'deputy' | 'supervisor' | 'staff';
type DeptKind = 'office' | 'sales' | 'operations' | 'warehouse' | 'project';

interface SubSpec {
  code: string;
  name: string;
  /** Location code when the whole sub-department sits in one place (project areas). */
  location?: string;
}

interface DeptSpec {
  code: string;
  name: string;
  /** What the department does, for the list's description column (some are left empty, as in real data). */
  description?: string;
  /** Share of the headcount. */
  weight: number;
  kind: DeptKind;
  /** Location codes by weight; the first is where the head sits. */
  locations: readonly (readonly [string, number])[];
  subs: readonly SubSpec[];
}

interface LoginSpec {
  username: string;
  level: Level;
  email: string;
  note: string;
  name: readonly string[];
  family?: string;
  ethnicity: Ethnicity;
  gender: Gender;
  age: number;
  department: string;
  role: Role;
  /** Gets the company's custom access level. */
  custom?: boolean;
}

interface CompanySpec {
  row: Omit<CompanyRow, 'id' | 'admin'> & { code: string; name: string; umk: number };
  defaultEmployees: number;
  /** Domain of generated e-mail addresses (`.test`: never deliverable). */
  domain: string;
  /** Added before the number in generated usernames, so two companies never clash. */
  usernameTag: string;
  homeCity: string;
  ethnicities: readonly (readonly [Ethnicity, number])[];
  resignRate: number;
  /** Multiplies the (Jakarta) salary bands. */
  salaryScale: number;
  /** Days a month salaries are prorated by (25 for a mostly five-day week, 26 for six). */
  proRateDays: number;
  locations: readonly (readonly [string, string])[];
  departments: readonly DeptSpec[];
  logins: readonly LoginSpec[];
}

const jobTitleList = [
  ['MGR', 'Manager'],
  ['AMGR', 'Assistant Manager'],
  ['SPV', 'Supervisor'],
  ['PCO', 'Project Coordinator'],
  ['POA', 'Project Officer Area'],
  ['SR-STF', 'Senior Staff'],
  ['STF', 'Staff'],
  ['ADM', 'Administration Staff'],
  ['SLS-EXEC', 'Sales Executive'],
  ['OPR', 'Operator'],
  ['DRV', 'Driver'],
  ['INT', 'Intern'],
] as const;
type TitleCode = (typeof jobTitleList)[number][0];
/** The titles whose holders are offered for an employee's POA, PCHO and supervisor fields. */
const assignmentRoles: Partial<Record<TitleCode, 'poa' | 'pcho' | 'supervisor'>> = {
  POA: 'poa',
  PCO: 'pcho',
  MGR: 'supervisor',
  AMGR: 'supervisor',
  SPV: 'supervisor',
};

/** Monthly basic salary bands in Jakarta rupiah; the lower end never goes under the company's UMK. */
const salaryBands: Record<TitleCode, readonly [number, number]> = {
  MGR: [15_000_000, 35_000_000],
  AMGR: [11_000_000, 18_000_000],
  SPV: [8_000_000, 13_500_000],
  PCO: [8_500_000, 14_000_000],
  POA: [5_800_000, 8_500_000],
  'SR-STF': [7_000_000, 11_000_000],
  STF: [0, 8_000_000],
  ADM: [0, 6_500_000],
  'SLS-EXEC': [0, 7_500_000],
  OPR: [0, 6_000_000],
  DRV: [0, 5_800_000],
  INT: [0, 0],
};

/** Job allowance by title: [min, max, share of holders who get one]. */
const jobAllowances: Partial<Record<TitleCode, readonly [number, number, number]>> = {
  MGR: [2_500_000, 6_000_000, 1],
  AMGR: [1_500_000, 3_000_000, 1],
  SPV: [750_000, 2_000_000, 1],
  PCO: [750_000, 2_000_000, 1],
  POA: [500_000, 1_000_000, 1],
  'SR-STF': [300_000, 750_000, 0.2],
};

const staffTitles: Record<DeptKind, readonly (readonly [TitleCode, number])[]> = {
  office: [
    ['STF', 55],
    ['SR-STF', 30],
    ['ADM', 15],
  ],
  sales: [
    ['SLS-EXEC', 60],
    ['SR-STF', 15],
    ['STF', 15],
    ['ADM', 10],
  ],
  operations: [
    ['STF', 35],
    ['OPR', 35],
    ['SR-STF', 15],
    ['DRV', 5],
    ['ADM', 10],
  ],
  warehouse: [
    ['OPR', 50],
    ['STF', 20],
    ['DRV', 20],
    ['ADM', 10],
  ],
  project: [
    ['POA', 85],
    ['ADM', 15],
  ],
};

const office = (code: string) => [[code, 1]] as const;

const demo: CompanySpec = {
  row: {
    name: 'PT Demo Nusantara',
    code: 'DEMO',
    phone: '(021) 5093-8800',
    website: 'https://www.demo-nusantara.example',
    email: 'info@demo.test',
    address:
      'Graha Nusantara Lt. 12, Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan, ' +
      'DKI Jakarta 12190',
    company_size: '100-1000',
    industry: 'Trading and distribution',
    npwp_number: '0013456789073000',
    umk: 5_396_761,
    umr: 5_396_761,
    ump: 5_396_761,
    jkk_percentage: '0.24',
    cut_off_days: 25,
    kop_template: 'letterhead',
    hq_initial: 'JKT',
    bpjs_tk_no: '11000234567',
    taxable_date: '2014-03-01',
    features: { sales_menu: { enabled: true }, man_power_report: { enabled: true } },
  },
  defaultEmployees: 300,
  domain: 'demo.test',
  usernameTag: '',
  homeCity: 'Jakarta',
  ethnicities: [
    ['javanese', 40],
    ['sundanese', 18],
    ['batak', 12],
    ['chinese', 10],
    ['minang', 10],
    ['balinese', 4],
  ],
  resignRate: 0.08,
  salaryScale: 1,
  proRateDays: 25,
  locations: [
    ['JKT-HQ', 'Jakarta HQ'],
    ['CKR-WH', 'Cikarang Warehouse'],
    ['BDG', 'Bandung Branch'],
    ['SBY', 'Surabaya Branch'],
    ['SMG', 'Semarang Branch'],
    ['MDN', 'Medan Branch'],
    ['MKS', 'Makassar Branch'],
    ['DPS', 'Denpasar Branch'],
  ],
  departments: [
    {
      code: 'FIN',
      name: 'Finance & Accounting',
      description: 'Bookkeeping, monthly closing, tax filings (PPh 21, PPN) and cash management for every branch.',
      weight: 6,
      kind: 'office',
      locations: [
        ['JKT-HQ', 90],
        ['SBY', 5],
        ['MDN', 5],
      ],
      subs: [
        { code: 'FIN-ACC', name: 'Accounting' },
        { code: 'FIN-TAX', name: 'Tax' },
        { code: 'FIN-TRS', name: 'Treasury' },
      ],
    },
    {
      code: 'HRD',
      name: 'Human Resources',
      description: 'Recruitment, payroll and BPJS enrolment, employee relations and general affairs.',
      weight: 5,
      kind: 'office',
      locations: office('JKT-HQ'),
      subs: [
        { code: 'HRD-PAY', name: 'Payroll & Benefits' },
        { code: 'HRD-REC', name: 'Recruitment' },
        { code: 'HRD-GA', name: 'General Affairs' },
      ],
    },
    {
      code: 'OPS',
      name: 'Operations',
      description: 'Order fulfilment, quality control and field service across Java and Sumatra.',
      weight: 16,
      kind: 'operations',
      locations: [
        ['JKT-HQ', 30],
        ['CKR-WH', 30],
        ['SBY', 20],
        ['BDG', 10],
        ['MDN', 10],
      ],
      subs: [
        { code: 'OPS-LOG', name: 'Logistics' },
        { code: 'OPS-QC', name: 'Quality Control' },
        { code: 'OPS-FLD', name: 'Field Service' },
      ],
    },
    {
      code: 'SLS',
      name: 'Sales',
      description: 'Corporate, retail and key-account sales, with a team in every branch.',
      weight: 20,
      kind: 'sales',
      locations: [
        ['JKT-HQ', 30],
        ['BDG', 15],
        ['SBY', 15],
        ['SMG', 12],
        ['MDN', 12],
        ['MKS', 8],
        ['DPS', 8],
      ],
      subs: [
        { code: 'SLS-B2B', name: 'Corporate Sales' },
        { code: 'SLS-RTL', name: 'Retail Sales' },
        { code: 'SLS-KAM', name: 'Key Accounts' },
      ],
    },
    {
      code: 'MKT',
      name: 'Marketing',
      weight: 5,
      kind: 'office',
      locations: office('JKT-HQ'),
      subs: [
        { code: 'MKT-DIG', name: 'Digital Marketing' },
        { code: 'MKT-BRD', name: 'Brand & Communication' },
      ],
    },
    {
      code: 'IT',
      name: 'Information Technology',
      weight: 6,
      kind: 'office',
      locations: [
        ['JKT-HQ', 95],
        ['SBY', 5],
      ],
      subs: [
        { code: 'IT-DEV', name: 'Software Development' },
        { code: 'IT-INF', name: 'Infrastructure & Support' },
      ],
    },
    {
      code: 'WHS',
      name: 'Warehouse',
      description: 'Receiving, storage and dispatch at the Cikarang, Surabaya and Medan warehouses.',
      weight: 18,
      kind: 'warehouse',
      locations: [
        ['CKR-WH', 60],
        ['SBY', 25],
        ['MDN', 15],
      ],
      subs: [
        { code: 'WHS-INB', name: 'Inbound' },
        { code: 'WHS-OUT', name: 'Outbound' },
        { code: 'WHS-INV', name: 'Inventory Control' },
      ],
    },
    {
      code: 'PRJ',
      name: 'Projects',
      weight: 16,
      kind: 'project',
      locations: office('JKT-HQ'),
      subs: [
        { code: 'PRJ-JBD', name: 'Area Jabodetabek', location: 'JKT-HQ' },
        { code: 'PRJ-JBR', name: 'Area Jawa Barat', location: 'BDG' },
        { code: 'PRJ-JTM', name: 'Area Jawa Timur', location: 'SBY' },
        { code: 'PRJ-SMT', name: 'Area Sumatera', location: 'MDN' },
      ],
    },
  ],
  logins: [
    {
      username: 'admin',
      level: 'admin',
      email: 'admin@demo.test',
      note: 'Company admin of PT Demo Nusantara (HR Manager)',
      name: ['Ratna', 'Wulandari'],
      ethnicity: 'javanese',
      gender: 'female',
      age: 42,
      department: 'HRD',
      role: 'head',
    },
    {
      username: 'subadmin',
      level: 'sub_admin',
      email: 'subadmin@demo.test',
      note: 'Sub admin (HR supervisor)',
      name: ['Agus', 'Setiawan'],
      ethnicity: 'javanese',
      gender: 'male',
      age: 35,
      department: 'HRD',
      role: 'supervisor',
    },
    {
      username: 'deptadmin',
      level: 'admin_department',
      email: 'deptadmin@demo.test',
      note: 'Department admin (Finance & Accounting manager)',
      name: ['Hendra', 'Siregar'],
      family: 'Siregar',
      ethnicity: 'batak',
      gender: 'male',
      age: 46,
      department: 'FIN',
      role: 'head',
    },
    {
      username: 'approver',
      level: 'approver',
      email: 'approver@demo.test',
      note: 'Approver (Operations supervisor)',
      name: ['Wahyu', 'Nugroho'],
      ethnicity: 'javanese',
      gender: 'male',
      age: 38,
      department: 'OPS',
      role: 'supervisor',
    },
    {
      username: 'custom',
      level: 'custom',
      email: 'custom@demo.test',
      note: 'Custom access level "HR Viewer": employees, organization, hierarchy and home, read only',
      name: ['Putri', 'Anggraini'],
      ethnicity: 'javanese',
      gender: 'female',
      age: 27,
      department: 'HRD',
      role: 'staff',
      custom: true,
    },
    {
      username: 'employee',
      level: 'employee',
      email: 'employee@demo.test',
      note: 'Plain employee (Sales)',
      name: ['Budi', 'Santoso'],
      ethnicity: 'javanese',
      gender: 'male',
      age: 29,
      department: 'SLS',
      role: 'staff',
    },
  ],
};

const contohJaya: CompanySpec = {
  row: {
    name: 'PT Contoh Jaya',
    code: 'CJ',
    phone: '(022) 7531-2200',
    website: 'https://www.contohjaya.example',
    email: 'info@cj.test',
    address: 'Jl. Soekarno-Hatta No. 590, Sekejati, Buahbatu, Kota Bandung, Jawa Barat 40286',
    company_size: '10-100',
    industry: 'Manufacturing',
    npwp_number: '0027654321424000',
    umk: 4_482_914,
    umr: 4_482_914,
    ump: 2_191_232,
    jkk_percentage: '0.54',
    cut_off_days: 20,
    kop_template: 'default',
    hq_initial: 'BDG',
    bpjs_tk_no: '21000765432',
    features: {},
  },
  defaultEmployees: 60,
  domain: 'cj.test',
  usernameTag: 'cj',
  homeCity: 'Bandung',
  ethnicities: [
    ['sundanese', 55],
    ['javanese', 25],
    ['chinese', 8],
    ['batak', 7],
    ['minang', 5],
  ],
  resignRate: 0.05,
  salaryScale: 0.75,
  proRateDays: 26,
  locations: [
    ['BDG-HQ', 'Bandung HQ'],
    ['CMH-PLANT', 'Cimahi Plant'],
    ['JKT', 'Jakarta Sales Office'],
  ],
  departments: [
    {
      code: 'FIN',
      name: 'Finance',
      weight: 4,
      kind: 'office',
      locations: office('BDG-HQ'),
      subs: [{ code: 'FIN-ACC', name: 'Accounting' }],
    },
    {
      code: 'HRD',
      name: 'Human Resources & GA',
      description: 'Payroll, attendance, BPJS and general affairs for the plant and the offices.',
      weight: 4,
      kind: 'office',
      locations: office('BDG-HQ'),
      subs: [
        { code: 'HRD-PAY', name: 'Payroll' },
        { code: 'HRD-GA', name: 'General Affairs' },
      ],
    },
    {
      code: 'PRD',
      name: 'Production',
      description: 'Assembly lines, quality control and machine maintenance at the Cimahi plant.',
      weight: 22,
      kind: 'operations',
      locations: office('CMH-PLANT'),
      subs: [
        { code: 'PRD-ASM', name: 'Assembly' },
        { code: 'PRD-QC', name: 'Quality Control' },
        { code: 'PRD-MNT', name: 'Maintenance' },
      ],
    },
    {
      code: 'SLS',
      name: 'Sales',
      weight: 10,
      kind: 'sales',
      locations: [
        ['BDG-HQ', 60],
        ['JKT', 40],
      ],
      subs: [
        { code: 'SLS-RTL', name: 'Retail' },
        { code: 'SLS-DST', name: 'Distributors' },
      ],
    },
    {
      code: 'WHS',
      name: 'Warehouse',
      weight: 7,
      kind: 'warehouse',
      locations: office('CMH-PLANT'),
      subs: [{ code: 'WHS-LOG', name: 'Logistics' }],
    },
    {
      code: 'PRJ',
      name: 'Projects',
      weight: 6,
      kind: 'project',
      locations: office('BDG-HQ'),
      subs: [
        { code: 'PRJ-BDG', name: 'Area Bandung Raya', location: 'BDG-HQ' },
        { code: 'PRJ-JKT', name: 'Area Jakarta', location: 'JKT' },
      ],
    },
  ],
  logins: [
    {
      username: 'admin.cj',
      level: 'admin',
      email: 'admin@cj.test',
      note: 'Company admin of PT Contoh Jaya (HR & GA Manager)',
      name: ['Asep', 'Permana'],
      ethnicity: 'sundanese',
      gender: 'male',
      age: 44,
      department: 'HRD',
      role: 'head',
    },
  ],
};

const companySpecs = { DEMO: demo, CJ: contohJaya } as const;

const developerLogin = {
  username: 'developer',
  level: 'developer',
  email: 'developer@demo.test',
  fullname: 'Dewi Developer',
  note: 'Platform developer: every company and the developer area',
} as const;

const customRole = {
  code: 'HR-VIEW',
  access_level: 'HR Viewer',
  permissions: [
    'active-employees:read',
    'resigned-employees:read',
    'employee-organization:read',
    'hierarchy:read',
    'home:read',
    // Every company user may ask the platform for access (issue 26): a custom level through its permissions.
    'request-access:read',
    'request-access:write',
  ],
};

/** The demo logins, all with password `DEMO_PASSWORD`; `company` is the company code. */
export const demoLogins: { username: string; level: string; company: string | null; note: string }[] = [
  { username: developerLogin.username, level: developerLogin.level, company: null, note: developerLogin.note },
  ...Object.values(companySpecs).flatMap((spec) =>
    spec.logins.map((login) => ({
      username: login.username,
      level: login.level,
      company: spec.row.code,
      note: login.note,
    })),
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// Dates: whole UTC days, as 'YYYY-MM-DD'

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

function startOfToday(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

// ---------------------------------------------------------------------------------------------------------------
// The organisation: one position a head, filled by employees afterwards

interface Position {
  dept: DeptSpec;
  sub: SubSpec | null;
  role: Role;
  title: TitleCode;
  location: string;
  /** Index of the position this one reports to. */
  reportsTo: number | null;
}

/** Splits `total` by weight, largest remainder first (ties by order): always sums to `total`. */
function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((weight) => (total * weight) / sum);
  const counts = quotas.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = quotas.map((quota, index) => ({ index, rest: quota - Math.floor(quota) }));
  byRemainder.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left-- <= 0) break;
    counts[index]! += 1;
  }
  return counts;
}

function buildPositions(spec: CompanySpec, total: number, rng: Rng): Position[] {
  const positions: Position[] = [];
  const counts = allocate(
    total,
    spec.departments.map((dept) => dept.weight),
  );
  spec.departments.forEach((dept, d) => {
    const count = counts[d]!;
    if (count === 0) return;
    const home = dept.locations[0]![0];
    const head = positions.push({ dept, sub: null, role: 'head', title: 'MGR', location: home, reportsTo: null }) - 1;
    let remaining = count - 1;
    let lead = head;
    if (count >= 20) {
      lead = positions.push({ dept, sub: null, role: 'deputy', title: 'AMGR', location: home, reportsTo: head }) - 1;
      remaining--;
    }
    // Teams of about 20 (at least 4): one supervisor each, spread over the sub-departments in turn.
    const teams =
      remaining < 4 * dept.subs.length
        ? Math.floor(remaining / 4)
        : Math.max(dept.subs.length, Math.round(remaining / 21));
    const supervisors = new Map<SubSpec, number[]>();
    for (let team = 0; team < teams; team++) {
      const sub = dept.subs[team % dept.subs.length]!;
      const title = dept.kind === 'project' ? 'PCO' : 'SPV';
      const location = sub.location ?? rng.weighted(dept.locations);
      const index = positions.push({ dept, sub, role: 'supervisor', title, location, reportsTo: lead }) - 1;
      supervisors.set(sub, [...(supervisors.get(sub) ?? []), index]);
      remaining--;
    }
    for (let k = 0; k < remaining; k++) {
      const sub = dept.subs[k % dept.subs.length] ?? null;
      const leads = (sub && supervisors.get(sub)) ?? [];
      positions.push({
        dept,
        sub,
        role: 'staff',
        title: rng.weighted(staffTitles[dept.kind]),
        location: sub?.location ?? rng.weighted(dept.locations),
        reportsTo: leads[Math.floor(k / dept.subs.length) % leads.length] ?? lead,
      });
    }
  });
  return positions;
}

/**
 * Which position each employee fills: the logins first (by department and role); then heads, deputies and
 * supervisors go to the older people (age plus some luck), and the staff positions, shuffled, to everyone else.
 */
function assignPositions(
  spec: CompanySpec,
  positions: readonly Position[],
  ages: readonly number[],
  rng: Rng,
): number[] {
  const taken = new Set<number>();
  const order: number[] = [];
  for (const login of spec.logins) {
    const free = (test: (position: Position) => boolean) =>
      positions.findIndex((position, index) => !taken.has(index) && test(position));
    let index = free((p) => p.dept.code === login.department && p.role === login.role);
    if (index < 0) index = free((p) => p.dept.code === login.department);
    if (index < 0) index = free(() => true);
    taken.add(index);
    order.push(index);
  }
  const rank: Record<Role, number> = { head: 0, deputy: 1, supervisor: 2, staff: 3 };
  const open = positions.map((_, index) => index).filter((index) => !taken.has(index));
  const leading = open.filter((index) => positions[index]!.role !== 'staff');
  leading.sort((a, b) => rank[positions[a]!.role] - rank[positions[b]!.role] || a - b);
  const staff = rng.shuffle(open.filter((index) => positions[index]!.role === 'staff'));
  const others = ages.map((age, e) => ({ e, score: age + rng.int(0, 15) })).slice(order.length);
  const seniors = new Set(
    [...others]
      .sort((a, b) => b.score - a.score || a.e - b.e)
      .slice(0, leading.length)
      .map(({ e }) => e),
  );
  let nextLeading = 0;
  let nextStaff = 0;
  for (const { e } of others) order.push(seniors.has(e) ? leading[nextLeading++]! : staff[nextStaff++]!);
  return order;
}

// ---------------------------------------------------------------------------------------------------------------
// People

interface Relative {
  name: string;
  relationship: Extract<Relationship, 'spouse' | 'child'>;
  phone: string | null;
  birth: number;
  bpjsAdditional: boolean;
}

interface Person {
  name: PersonName;
  ethnicity: Ethnicity;
  gender: Gender;
  age: number;
  birth: number;
  birthPlace: string;
  religion: string;
  married: boolean;
  children: number;
  phone: string;
  family: Relative[];
}

function phoneNumber(rng: Rng): string {
  const local = `${rng.pick(mobilePrefixes)}${rng.digits(rng.int(6, 8))}`;
  return rng.chance(0.3) ? `+62${local}` : `0${local}`;
}

function birthBefore(rng: Rng, today: number, age: number): number {
  return addMonths(today, -12 * age) - rng.int(1, 364) * DAY;
}

/** Everything personal: drawn first from the employee's own stream, so it never depends on the organisation. */
function makePerson(rng: Rng, spec: CompanySpec, today: number, login: LoginSpec | undefined): Person {
  const ethnicity = login?.ethnicity ?? rng.weighted(spec.ethnicities);
  const gender: Gender = login?.gender ?? (rng.chance(0.55) ? 'male' : 'female');
  const name = login ? nameFromParts(login.name, login.family ?? null) : makeName(rng, ethnicity, gender);
  const pool = namePools[ethnicity];
  // Ages 20 to 58, median about 34, one in seven 25 or younger.
  const age = login?.age ?? 20 + Math.floor(((rng.next() + rng.next()) / 2) ** 1.4 * 39);
  const birth = birthBefore(rng, today, age);
  const birthPlace = rng.chance(0.2) ? spec.homeCity : rng.pick(pool.birthPlaces);
  const religion = religionOf(rng, ethnicity, name);

  const married = rng.chance(age < 24 ? 0.1 : age < 30 ? 0.45 : age < 40 ? 0.8 : 0.88);
  let wanted = 0;
  if (married) wanted = rng.weighted(age < 27 ? youngFamilies : age < 35 ? families : olderFamilies);
  else if (age >= 30 && rng.chance(0.08)) wanted = rng.int(1, 2); // divorced or widowed
  // The oldest child was born when the parent was 22 to 33, the next ones 1 to 4 years apart.
  const childAges: number[] = [];
  for (let childAge = age - rng.int(22, 33); childAges.length < wanted && childAge >= 0; childAge -= rng.int(1, 4)) {
    childAges.push(childAge);
  }

  const family: Relative[] = [];
  let spouseFamily: string | null = null;
  if (married) {
    const spouseGender: Gender = gender === 'male' ? 'female' : 'male';
    const spouseEthnicity = rng.chance(0.8) ? ethnicity : rng.weighted(spec.ethnicities);
    const spouse = makeName(rng, spouseEthnicity, spouseGender);
    spouseFamily = spouse.family;
    const spouseAge = Math.max(20, age + (gender === 'male' ? -rng.int(0, 6) : rng.int(0, 6)));
    family.push({
      name: spouse.fullname,
      relationship: 'spouse',
      phone: rng.chance(0.75) ? phoneNumber(rng) : null,
      birth: birthBefore(rng, today, spouseAge),
      bpjsAdditional: false,
    });
  }
  const inherited = gender === 'male' ? name.family : spouseFamily;
  const siblings = new Set<string>();
  childAges.forEach((childAge, c) => {
    let child = makeName(rng, ethnicity, rng.chance(0.5) ? 'male' : 'female', { family: inherited });
    for (let retry = 0; siblings.has(child.fullname) && retry < 10; retry++) {
      child = makeName(rng, ethnicity, rng.chance(0.5) ? 'male' : 'female', { family: inherited });
    }
    siblings.add(child.fullname);
    family.push({
      name: child.fullname,
      relationship: 'child',
      phone: childAge >= 17 && rng.chance(0.6) ? phoneNumber(rng) : null,
      birth: birthBefore(rng, today, childAge),
      // BPJS Kesehatan covers three children; a fourth is an additional member paid by the employee.
      bpjsAdditional: c >= 3,
    });
  });
  return {
    name,
    ethnicity,
    gender,
    age,
    birth,
    birthPlace,
    religion,
    married,
    children: childAges.length,
    phone: phoneNumber(rng),
    family,
  };
}

/** How many children married people want, by age band. */
const youngFamilies = [
  [0, 60],
  [1, 40],
] as const;
const families = [
  [0, 20],
  [1, 40],
  [2, 35],
  [3, 5],
] as const;
const olderFamilies = [
  [0, 8],
  [1, 20],
  [2, 40],
  [3, 25],
  [4, 7],
] as const;

const round50k = (amount: number) => Math.round(amount / 50_000) * 50_000;
const ceil50k = (amount: number) => Math.ceil(amount / 50_000) * 50_000;

/** A 16-digit NIK: region of birth, birth date (day + 40 for women), serial. */
function nik(rng: Rng, person: Person): string {
  const date = new Date(person.birth);
  const day = date.getUTCDate() + (person.gender === 'female' ? 40 : 0);
  const two = (n: number) => String(n).padStart(2, '0');
  const region = `${cityCodes[person.birthPlace] ?? '3174'}${two(rng.int(1, 30))}`;
  const born = `${two(day)}${two(date.getUTCMonth() + 1)}${two(date.getUTCFullYear() % 100)}`;
  return `${region}${born}${String(rng.int(1, 999)).padStart(4, '0')}`;
}

interface Planned {
  employee: EmployeeRow & { id: string; user: string; company_id: string };
  user: UserRow & { id: string };
  family: FamilyRow[];
  role: Role;
  login: boolean;
  /** Days since joining. */
  service: number;
}

interface CompanyPlan {
  company: CompanyRow & { id: string };
  accessRole: typeof accessRoles.$inferInsert | null;
  departments: (typeof departments.$inferInsert)[];
  subDepartments: (typeof subDepartments.$inferInsert)[];
  jobTitles: (typeof jobTitles.$inferInsert)[];
  locations: (typeof locations.$inferInsert)[];
  /** employee-personal, payroll-references and payroll-rules. */
  references: ReferenceRows;
  people: Planned[];
}

/** Builds every row of one company in memory; record ids are made here so that one pass links everything. */
function planCompany(spec: CompanySpec, requested: number, today: number, passwordHash: string): CompanyPlan {
  const code = spec.row.code;
  const total = Math.max(requested, spec.logins.length);
  const companyId = randomUUID();
  const orgRng = new Rng(seedOf(`${code}:organisation`));
  const positions = buildPositions(spec, total, orgRng);
  // Everybody's own stream: the personal data first, so that it depends on nothing but the employee number.
  const persons = Array.from({ length: total }, (_, e) => {
    const rng = new Rng(seedOf(`${code}:${e + 1}`));
    return { rng, person: makePerson(rng, spec, today, spec.logins[e]) };
  });
  const order = assignPositions(
    spec,
    positions,
    persons.map(({ person }) => person.age),
    orgRng,
  );

  const deptIds = new Map(spec.departments.map((dept) => [dept.code, randomUUID()]));
  const subIds = new Map(spec.departments.flatMap((dept) => dept.subs.map((sub) => [sub.code, randomUUID()])));
  const titleIds = new Map(jobTitleList.map(([titleCode]) => [titleCode, randomUUID()]));
  const locationIds = new Map(spec.locations.map(([locationCode]) => [locationCode, randomUUID()]));
  const employeeIds = order.map(() => randomUUID());
  const holderOf = new Map(order.map((position, e) => [position, e]));
  const accessRoleId = spec.logins.some((login) => login.custom) ? randomUUID() : null;

  const floor = ceil50k(spec.row.umk);
  const people: Planned[] = order.map((positionIndex, e) => {
    const position = positions[positionIndex]!;
    const login = spec.logins[e];
    const { rng, person } = persons[e]!;
    const number = String(e + 1).padStart(4, '0');

    // Employment: status and dates.
    const maxYears = Math.max(0.05, Math.min(12, person.age - 19));
    const share =
      position.role === 'head'
        ? 0.4 + 0.6 * rng.next()
        : position.role === 'staff'
          ? rng.next() ** 1.3
          : 0.25 + 0.75 * rng.next();
    let service = Math.max(7, Math.floor(maxYears * share * 365));
    let status: Status = 'pkwtt';
    let title = position.title;
    if (position.role === 'staff' && !login) {
      status = rng.weighted([
        ['pkwtt', 52],
        ['pkwt', 27],
        ['probation', 10],
        ['freelance', 6],
      ] as const);
      if (person.age <= 24 && rng.chance(0.35)) status = 'intern';
      else if (status === 'pkwt' && service > 4.5 * 365) status = 'pkwtt';
      else if (status === 'pkwtt' && service < 120) status = 'probation';
    }
    let endOfContract: number | null = null;
    if (status === 'probation') {
      service = rng.int(5, 85);
      endOfContract = addMonths(today - service * DAY, 3);
    } else if (status === 'intern') {
      service = rng.int(10, 170);
      endOfContract = addMonths(today - service * DAY, 6);
      title = 'INT';
    } else if (status === 'pkwt') {
      const months = rng.chance(0.5) ? 12 : 24;
      endOfContract = addMonths(today - service * DAY, months);
      while (endOfContract <= today) endOfContract = addMonths(endOfContract, months);
    }
    const join = today - service * DAY;

    // Salary: a band by job title, nearer the top with service.
    const [bandLow, bandHigh] = salaryBands[title];
    const scale = spec.salaryScale * (position.dept.code === 'IT' ? 1.25 : 1);
    const low = Math.max(floor, bandLow * spec.salaryScale);
    const high = Math.max(low, bandHigh * scale);
    const t = Math.min(1, 0.7 * rng.next() + 0.3 * (service / 365 / 12));
    const basic = Math.min(MAX_SALARY, Math.max(floor, round50k(low + (high - low) * t)));
    const manager = title === 'MGR' || title === 'AMGR';
    const lead = manager || title === 'SPV' || title === 'PCO';
    const field = title === 'SLS-EXEC' || title === 'POA' || lead;
    const step = (min: number, max: number) => rng.int(min / 50_000, max / 50_000) * 50_000;
    const transport = rng.chance(0.7) ? (manager ? step(1_500_000, 2_500_000) : step(300_000, 1_000_000)) : 0;
    const meal = rng.chance(0.75) ? 22 * rng.int(5, 10) * 5_000 : 0;
    const communication = field ? step(200_000, 1_000_000) : rng.chance(0.15) ? step(100_000, 200_000) : 0;
    const jobBand = jobAllowances[title];
    const job = jobBand && rng.chance(jobBand[2]) ? step(jobBand[0], jobBand[1]) : 0;
    const other = rng.chance(0.15) ? step(100_000, 750_000) : 0;
    const contractor = status === 'freelance' || status === 'intern';

    // Legality, tax and BPJS.
    const ktp = nik(rng, person);
    const npwpRoll = rng.next();
    // Since 2024 the NIK is the NPWP; many still quote their old 15-digit number; some have none.
    const npwp = npwpRoll < 0.55 ? ktp : npwpRoll < 0.9 ? rng.digits(15) : null;
    const tkRegistered = rng.chance(contractor ? 0.4 : 0.97);
    const ksRegistered = rng.chance(contractor ? 0.6 : 0.97);
    const joinYear = new Date(join).getUTCFullYear() % 100;

    const kind = position.dept.kind;
    const sixDays = kind === 'warehouse' || kind === 'operations' ? 0.6 : kind === 'project' ? 0.3 : 0.1;
    const supervisorPosition = position.reportsTo;
    const supervisorHolder = supervisorPosition === null ? undefined : holderOf.get(supervisorPosition);

    // Take-home pay: this month's regular pay less the employee's BPJS and PPh 21, as the payroll engine computes it (common/payroll/payslip.ts)
    // (BPJS on the basic salary, the detail's rule when no BPJS wage is set; the company's JKK rate and UMK).
    const allowances = {
      transport_allowance: transport,
      meal_allowance: status === 'freelance' ? 0 : meal,
      communication_allowance: contractor ? 0 : communication,
      job_allowance: contractor ? 0 : job,
      other_allowance: contractor ? 0 : other,
    };
    const maritalStatus: PtkpStatus = `${person.married ? 'k' : 'tk'}/${Math.min(person.children, 3) as 0 | 1 | 2 | 3}`;
    const { thp } = computePayslip(
      {
        period: { year: Number(iso(today).slice(0, 4)), month: Number(iso(today).slice(5, 7)) },
        employee: { ptkp_status: maritalStatus, tax_id_valid: true, pph_method: 'gross' },
        salary: { basic_salary: basic, ...allowances },
        bpjs: {
          tk_registered: tkRegistered,
          ks_registered: ksRegistered,
          bpjs_type: 1,
          tk_salary: basic,
          ks_salary: basic,
          additional_family_members: person.family.filter((relative) => relative.bpjsAdditional).length,
        },
      },
      { umk: spec.row.umk, jkk_percentage: Number(spec.row.jkk_percentage ?? 0) },
    );

    const userId = randomUUID();
    const username = login?.username ?? `${person.name.slug}.${spec.usernameTag}${number}`;
    const email = login?.email ?? `${person.name.slug}.${number}@${spec.domain}`;
    const employeeId = employeeIds[e]!;
    return {
      role: position.role,
      login: Boolean(login),
      service,
      user: {
        id: userId,
        company_id: companyId,
        fullname: person.name.fullname,
        username,
        email,
        phone: person.phone,
        level: login?.level ?? 'employee',
        access_role: login?.custom ? accessRoleId : null,
        password_hash: login ? passwordHash : null,
      },
      employee: {
        id: employeeId,
        company_id: companyId,
        user: userId,
        employee_id: `${code}-${number}`,
        fullname: person.name.fullname,
        nickname: person.name.nickname,
        email,
        phone: person.phone,
        birth_date: iso(person.birth),
        birth_place: person.birthPlace,
        gender: person.gender,
        marital_status: maritalStatus,
        no_of_children: person.children,
        religion: person.religion,
        nationality: 'Indonesia',
        join_date: iso(join),
        end_of_contract: endOfContract === null ? null : iso(endOfContract),
        status,
        recruitment_type: rng.weighted([
          ['recommendation', 30],
          ['job_portal', 40],
          ['social_media', 20],
          ['other', 10],
        ] as const),
        department: deptIds.get(position.dept.code)!,
        sub_department: position.sub ? subIds.get(position.sub.code)! : null,
        job_title: titleIds.get(title)!,
        location: locationIds.get(position.location)!,
        supervisor: supervisorHolder === undefined ? null : employeeIds[supervisorHolder]!,
        work_days: rng.chance(sixDays) ? 6 : 5,
        bank: rng.weighted(banks),
        account_number: rng.digits(10),
        account_name: person.name.fullname,
        basic_salary: basic,
        thp,
        ...allowances,
        payroll_active: true,
        ktp_number: ktp,
        npwp_number: npwp,
        bpjs_tk_number: tkRegistered ? `${String(joinYear).padStart(2, '0')}${rng.digits(9)}` : null,
        bpjs_ks_number: ksRegistered ? `000${rng.digits(10)}` : null,
        bpjs_tk_registered: tkRegistered,
        bpjs_ks_registered: ksRegistered,
      },
      family: person.family.map((relative) => ({
        company_id: companyId,
        employee: employeeId,
        name: relative.name,
        relationship: relative.relationship,
        phone: relative.phone,
        birth_date: iso(relative.birth),
        bpjs_ks_additional: relative.bpjsAdditional,
      })),
    };
  });

  // Leavers: staff (never a login, a head or a supervisor) with at least four months of service.
  const exitRng = new Rng(seedOf(`${code}:exits`));
  const eligible = people.filter(
    (p) =>
      !p.login &&
      p.role === 'staff' &&
      p.service >= 120 &&
      (p.employee.status === 'pkwtt' || p.employee.status === 'pkwt'),
  );
  const leavers = exitRng.shuffle(eligible).slice(0, Math.round(total * spec.resignRate));
  for (const leaver of leavers) {
    const daysAgo = exitRng.int(3, Math.min(leaver.service - 90, 900));
    leaver.employee.exit_reason = exitRng.chance(0.8) ? 'resign' : 'phk';
    leaver.employee.exit_date = iso(today - daysAgo * DAY);
    leaver.employee.payroll_active = false;
    leaver.user.blocked = true;
  }

  const adminLogin = people.find((p) => p.login && p.user.level === 'admin');
  const positionHolder = (test: (position: Position) => boolean) => {
    const index = positions.findIndex(test);
    const holder = index < 0 ? undefined : holderOf.get(index);
    return holder === undefined ? null : employeeIds[holder]!;
  };
  const departmentRows = spec.departments.map((dept) => ({
    id: deptIds.get(dept.code)!,
    company_id: companyId,
    code: dept.code,
    name: dept.name,
    description: dept.description ?? null,
    head: positionHolder((p) => p.dept === dept && p.role === 'head'),
  }));
  return {
    company: { ...spec.row, id: companyId, admin: adminLogin?.user.id ?? null },
    accessRole: accessRoleId ? { ...customRole, id: accessRoleId, company_id: companyId } : null,
    departments: departmentRows,
    subDepartments: spec.departments.flatMap((dept) =>
      dept.subs.map((sub) => ({
        id: subIds.get(sub.code)!,
        company_id: companyId,
        code: sub.code,
        name: sub.name,
        department: deptIds.get(dept.code)!,
        supervisor: positionHolder((p) => p.sub === sub && p.role === 'supervisor'),
      })),
    ),
    jobTitles: jobTitleList.map(([titleCode, name]) => ({
      id: titleIds.get(titleCode)!,
      company_id: companyId,
      code: titleCode,
      name,
      assignment_role: assignmentRoles[titleCode] ?? null,
    })),
    locations: spec.locations.map(([locationCode, name]) => ({
      id: locationIds.get(locationCode)!,
      company_id: companyId,
      code: locationCode,
      name,
    })),
    references: referenceRows(
      { id: companyId, umk: spec.row.umk, salaryScale: spec.salaryScale, proRateDays: spec.proRateDays },
      departmentRows,
    ),
    people,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

async function insertAll<T extends PgTable>(tx: Executor, table: T, rows: PgInsertValue<T>[]) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH));
}

/** True when no company exists yet: the signal to seed a fresh embedded database. */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: companies.id }).from(companies).limit(1);
  return rows.length === 0;
}

export type SeedOptions = { employees?: { DEMO?: number; CJ?: number } } & FillOptions;

/**
 * Writes the whole demo: the core (`seedDemoCore`), then its history (`fillDemoHistory`, server/seed/fill.ts). The
 * tests, benchmarks and `npm run db:seed` use this; the server writes the core before it listens and fills the
 * history afterwards (server/start.ts, docs/decisions/0080).
 */
export async function seedDemo(db: Db, options?: SeedOptions): Promise<{ companies: number; employees: number }> {
  const counts = await seedDemoCore(db, options);
  await fillDemoHistory(db);
  return counts;
}

/**
 * Writes the demo companies, their organisation, employees with user accounts and family members, work schedules and
 * the demo logins (password `DEMO_PASSWORD`), in one transaction, with the plan of the history still to fill
 * (`demo_fill_steps`): everything a demo login needs at once. Meant for an empty database: usernames would clash.
 */
export async function seedDemoCore(db: Db, options?: SeedOptions): Promise<{ companies: number; employees: number }> {
  // argon2 is slow on purpose: hash once, share the hash between every demo login.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = startOfToday();
  const plans = Object.entries(companySpecs).map(([code, spec]) =>
    planCompany(
      spec,
      options?.employees?.[code as keyof typeof companySpecs] ?? spec.defaultEmployees,
      today,
      passwordHash,
    ),
  );
  const developer: UserRow = {
    company_id: null,
    fullname: developerLogin.fullname,
    username: developerLogin.username,
    email: developerLogin.email,
    level: developerLogin.level,
    password_hash: passwordHash,
  };
  const fill = planFill(
    plans.filter((plan) => plan.company.admin).map((plan) => plan.company.code as string),
    iso(today),
    options,
  );

  await db.transaction(async (tx) => {
    await insertAll(
      tx,
      companies,
      plans.map((plan) => plan.company),
    );
    await insertAll(
      tx,
      accessRoles,
      plans.flatMap((plan) => (plan.accessRole ? [plan.accessRole] : [])),
    );
    await insertAll(tx, users, [developer, ...plans.flatMap((plan) => plan.people.map((p) => p.user))]);
    await insertAll(
      tx,
      departments,
      plans.flatMap((plan) => plan.departments),
    );
    await insertAll(
      tx,
      subDepartments,
      plans.flatMap((plan) => plan.subDepartments),
    );
    await insertAll(
      tx,
      jobTitles,
      plans.flatMap((plan) => plan.jobTitles),
    );
    await insertAll(
      tx,
      locations,
      plans.flatMap((plan) => plan.locations),
    );
    await insertReferenceRows(tx, ...plans.map((plan) => plan.references));
    await insertAll(
      tx,
      employees,
      // Each record was assigned by the company's admin (spec 3: assigned_by).
      plans.flatMap((plan) => plan.people.map((p) => ({ ...p.employee, assigned_by: plan.company.admin }))),
    );
    await insertAll(
      tx,
      employeeFamily,
      plans.flatMap((plan) => plan.people.flatMap((p) => p.family)),
    );
    await seedSchedules(
      tx,
      plans.map((plan) => plan.company.id as string),
      iso(today),
    );
    await seedKpi(
      tx,
      plans.map((plan) => plan.company.id as string),
      iso(today),
    );
    // Issue 27: an exit with severance last month, a PKWT contract ending this month (server/seed/severance.ts).
    await seedSeverance(tx, iso(today));
    // Issue 29: the sales company's stores and its sales team's assignments (server/seed/sales.ts; visits are history).
    await seedSalesStores(tx);
    // The tax person who signs the 1721-A1 (company settings → tax): the company's first employee, its head.
    await tx.execute(sql`
      update companies c set tax_person_id = (
        select e.id from employees e where e.company_id = c.id order by e.employee_id limit 1)
      where c.tax_person_id is null`);
    // Portal: a year of announcements, useful links, a few warning letters (server/seed/portal.ts).
    await seedPortal(tx, iso(today));
    await seedAccess(tx, iso(today));
    // Coretax ids and KLU codes (server/seed/coretax.ts): PT Contoh Jaya's runs carry PPh 21 DTP.
    await seedCoretaxSettings(tx);
    await recordFillPlan(tx, fill, iso(today));
    await seedPlatform(tx, today);
  });
  return { companies: plans.length, employees: plans.reduce((sum, plan) => sum + plan.people.length, 0) };
}
