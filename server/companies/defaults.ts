/**
 * What every company starts with (spec 2.3: the bank, payroll-reference and payroll-rule lists offer no create, so a
 * company that did not get them at its creation could never fill them): the employee-personal lists, employee roles,
 * payroll references and payroll rules an Indonesian company would set up on day one. A company created by
 * registration or by a developer gets them in the transaction that creates it (`insertCompanyDefaults`); the demo seed
 * builds them with `referenceRows` (with its departments' head roles and its own salary level) and inserts them with
 * `insertReferenceRows`. Plain data; amounts follow the company's salary level.
 */
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/connect.ts';
import {
  absentDeductions,
  allowances,
  banks,
  bonuses,
  businessTripRules,
  dailyPayrollComponents,
  deductions,
  dutyTypes,
  earlyDeductions,
  employeeRoles,
  incentives,
  jobCategories,
  lateDeductions,
  leaveRules,
  majors,
  missedDeductions,
  nationalities,
  overtimeRules,
  payrollTypes,
  relationships,
  religions,
  salaryGrades,
  titles,
} from '../db/schema.ts';
import { statutoryAnnualLeave } from '../leave/days.ts';
import { companyReach, ownedBy } from '../scope/scope.ts';

/** The tables filled here, by the key `referenceRows` answers under. */
export const referenceTables = {
  nationalities,
  religions,
  titles,
  majors,
  relationships,
  banks,
  employeeRoles,
  allowances,
  dailyPayrollComponents,
  incentives,
  bonuses,
  deductions,
  salaryGrades,
  payrollTypes,
  dutyTypes,
  jobCategories,
  businessTripRules,
  overtimeRules,
  earlyDeductions,
  absentDeductions,
  missedDeductions,
  lateDeductions,
  leaveRules,
} as const;

type Tables = typeof referenceTables;
export type ReferenceRows = { [K in keyof Tables]: Tables[K]['$inferInsert'][] };

type CodeName = readonly (readonly [code: string, name: string])[];

/** ISO 3166 alpha-3 codes; employees hold the name ('Indonesia'). */
const nationalityList: CodeName = [
  ['IDN', 'Indonesia'],
  ['MYS', 'Malaysia'],
  ['SGP', 'Singapore'],
  ['PHL', 'Philippines'],
  ['THA', 'Thailand'],
  ['VNM', 'Vietnam'],
  ['TLS', 'Timor-Leste'],
  ['IND', 'India'],
  ['CHN', 'China'],
  ['JPN', 'Japan'],
  ['KOR', 'South Korea'],
  ['TWN', 'Taiwan'],
  ['AUS', 'Australia'],
  ['USA', 'United States'],
  ['GBR', 'United Kingdom'],
  ['NLD', 'Netherlands'],
  ['DEU', 'Germany'],
];

/** The six religions Indonesia recognises, plus belief in God (kepercayaan); names match the employee records. */
const religionList: CodeName = [
  ['ISLAM', 'Islam'],
  ['KRISTEN', 'Kristen'],
  ['KATOLIK', 'Katolik'],
  ['HINDU', 'Hindu'],
  ['BUDDHA', 'Buddha'],
  ['KONGHUCU', 'Konghucu'],
  ['KEPERCAYAAN', 'Kepercayaan terhadap Tuhan YME'],
];

/** Academic titles (gelar), as written after a name. */
const titleList: CodeName = [
  ['A.Md.', 'Ahli Madya (Diploma III)'],
  ['S.Tr.', 'Sarjana Terapan (Diploma IV)'],
  ['S.E.', 'Sarjana Ekonomi'],
  ['S.Ak.', 'Sarjana Akuntansi'],
  ['S.H.', 'Sarjana Hukum'],
  ['S.Kom.', 'Sarjana Komputer'],
  ['S.T.', 'Sarjana Teknik'],
  ['S.Psi.', 'Sarjana Psikologi'],
  ['S.Sos.', 'Sarjana Sosial'],
  ['S.I.Kom.', 'Sarjana Ilmu Komunikasi'],
  ['S.Pd.', 'Sarjana Pendidikan'],
  ['S.Si.', 'Sarjana Sains'],
  ['S.Farm.', 'Sarjana Farmasi'],
  ['M.M.', 'Magister Manajemen'],
  ['M.Ak.', 'Magister Akuntansi'],
  ['M.T.', 'Magister Teknik'],
  ['M.Kom.', 'Magister Komputer'],
  ['M.H.', 'Magister Hukum'],
  ['MBA', 'Master of Business Administration'],
  ['Dr.', 'Doktor'],
];

const majorList: CodeName = [
  ['ACC', 'Accounting'],
  ['MGT', 'Management'],
  ['ECO', 'Economics'],
  ['BUS-ADM', 'Business Administration'],
  ['LAW', 'Law'],
  ['CS', 'Computer Science'],
  ['IS', 'Information Systems'],
  ['IE', 'Industrial Engineering'],
  ['ME', 'Mechanical Engineering'],
  ['EE', 'Electrical Engineering'],
  ['CE', 'Civil Engineering'],
  ['CHE', 'Chemical Engineering'],
  ['PSY', 'Psychology'],
  ['COM', 'Communication Science'],
  ['STAT', 'Statistics'],
  ['MATH', 'Mathematics'],
  ['PHA', 'Pharmacy'],
  ['AGR', 'Agriculture'],
  ['ENG-LIT', 'English Literature'],
  ['LOG', 'Logistics Management'],
];

/** Family and emergency-contact relationships; family records hold the code in lower case ('spouse', 'child'). */
const relationshipList: CodeName = [
  ['SPOUSE', 'Spouse'],
  ['CHILD', 'Child'],
  ['FATHER', 'Father'],
  ['MOTHER', 'Mother'],
  ['SIBLING', 'Sibling'],
  ['FATHER-IN-LAW', 'Father-in-law'],
  ['MOTHER-IN-LAW', 'Mother-in-law'],
  ['GRANDPARENT', 'Grandparent'],
  ['RELATIVE', 'Other relative'],
  ['FRIEND', 'Friend'],
];

/** The banks Indonesian payrolls pay into most; employees hold the short name ('BCA', 'Mandiri'), matched by code. */
const bankList: CodeName = [
  ['BCA', 'Bank Central Asia (BCA)'],
  ['BRI', 'Bank Rakyat Indonesia (BRI)'],
  ['BNI', 'Bank Negara Indonesia (BNI)'],
  ['MANDIRI', 'Bank Mandiri'],
  ['BSI', 'Bank Syariah Indonesia (BSI)'],
  ['CIMB', 'CIMB Niaga'],
  ['DANAMON', 'Bank Danamon'],
  ['PERMATA', 'Bank Permata'],
  ['BTN', 'Bank Tabungan Negara (BTN)'],
  ['OCBC', 'Bank OCBC NISP'],
  ['MAYBANK', 'Maybank Indonesia'],
  ['PANIN', 'Panin Bank'],
  ['MEGA', 'Bank Mega'],
  ['UOB', 'UOB Indonesia'],
  ['HSBC', 'HSBC Indonesia'],
  ['SINARMAS', 'Bank Sinarmas'],
  ['BJB', 'Bank BJB'],
  ['DKI', 'Bank DKI'],
  ['JATIM', 'Bank Jatim'],
  ['JATENG', 'Bank Jateng'],
  ['JAGO', 'Bank Jago'],
  ['SEABANK', 'SeaBank Indonesia'],
];

/** Company-wide roles by hierarchy level (0 is the top); each department adds its head at level 2. */
const roleList: readonly (readonly [code: string, role: string, level: number])[] = [
  ['DIR', 'Director', 0],
  ['GM', 'General Manager', 1],
  ['MGR', 'Manager', 2],
  ['AMGR', 'Assistant Manager', 3],
  ['SPV', 'Supervisor', 4],
  ['LEAD', 'Team Leader', 5],
  ['STF', 'Staff', 6],
];

const allowanceList: CodeName = [
  ['TRANSPORT', 'Transport Allowance'],
  ['MEAL', 'Meal Allowance'],
  ['COMM', 'Communication Allowance'],
  ['POSITION', 'Position Allowance'],
  ['HOUSING', 'Housing Allowance'],
  ['SHIFT', 'Shift Allowance'],
  ['SKILL', 'Skill Allowance'],
  ['FAMILY', 'Family Allowance'],
  ['FIELD', 'Field Allowance'],
  ['OTHER', 'Other Allowance'],
];

const dailyPayrollList: CodeName = [
  ['DAILY-WAGE', 'Daily Wage'],
  ['OVERTIME', 'Overtime Pay'],
  ['MEAL', 'Meal Money'],
  ['TRANSPORT', 'Transport Money'],
  ['ATTENDANCE', 'Attendance Premium'],
  ['PIECE-RATE', 'Piece-rate Pay'],
];

const incentiveList: CodeName = [
  ['SALES', 'Sales Incentive'],
  ['TARGET', 'Target Achievement Incentive'],
  ['COLLECTION', 'Collection Incentive'],
  ['ATTENDANCE', 'Attendance Incentive'],
  ['PRODUCTIVITY', 'Productivity Incentive'],
  ['REFERRAL', 'Employee Referral Incentive'],
];

const bonusList: CodeName = [
  ['YEARLY', 'Yearly Bonus'],
  ['PERFORMANCE', 'Performance Bonus'],
  ['PROJECT', 'Project Completion Bonus'],
  ['SALES', 'Sales Bonus'],
  ['RETENTION', 'Retention Bonus'],
];

const deductionList: CodeName = [
  ['COOPERATIVE', 'Cooperative Dues (Koperasi)'],
  ['ADVANCE', 'Salary Advance (Kasbon)'],
  ['DAMAGE', 'Damaged or Lost Company Property'],
  ['UNIFORM', 'Uniform'],
  ['UNPAID-LEAVE', 'Unpaid Leave'],
  ['OTHER', 'Other Deduction'],
];

const payrollTypeList: CodeName = [
  ['MONTHLY', 'Monthly'],
  ['WEEKLY', 'Weekly'],
  ['DAILY', 'Daily'],
  ['PIECE-RATE', 'Piece Rate (Borongan)'],
];

const dutyTypeList: CodeName = [
  ['IN-CITY', 'In-city Duty'],
  ['OUT-OF-TOWN', 'Out-of-town Duty'],
  ['OVERSEAS', 'Overseas Duty'],
  ['TRAINING', 'Training'],
  ['CLIENT-VISIT', 'Client Visit'],
  ['EVENT', 'Exhibition or Event'],
];

const jobCategoryList: CodeName = [
  ['OFFICE', 'Office'],
  ['FIELD', 'Field'],
  ['PRODUCTION', 'Production'],
  ['WAREHOUSE', 'Warehouse'],
  ['SALES', 'Sales'],
  ['DRIVER', 'Driver'],
  ['SECURITY', 'Security'],
  ['CLEANING', 'Cleaning Service'],
];

/** Salary grades as multiples of the company's UMK, rounded up to Rp 50,000. */
const gradeMultiples = [1, 1.2, 1.45, 1.75, 2.1, 2.6, 3.3, 4.2] as const;

export interface ReferenceCompany {
  id: string;
  umk: number;
  /** Multiplies the (Jakarta) amounts. */
  salaryScale: number;
  /** Days a month the company divides salaries by: 25 for a five-day week, 26 for six. */
  proRateDays: number;
}

/** Every reference list of one company, ready to insert. */
export function referenceRows(
  company: ReferenceCompany,
  departments: readonly { id: string; code: string; name: string }[],
): ReferenceRows {
  const owned = ownedBy(companyReach(company.id));
  const list = (rows: CodeName) => rows.map(([code, name]) => ({ ...owned, code, name }));
  /** A Jakarta amount at the company's level, in whole Rp 500 (at least Rp 500). */
  const rupiah = (jakarta: number) => Math.max(500, Math.round((jakarta * company.salaryScale) / 500) * 500);
  const days = company.proRateDays;
  return {
    nationalities: list(nationalityList),
    religions: list(religionList),
    titles: list(titleList),
    majors: list(majorList),
    relationships: list(relationshipList),
    banks: list(bankList),
    employeeRoles: [
      ...roleList.map(([code, role, level]) => ({ ...owned, code, role, level, department: null })),
      ...departments.map((department) => ({
        ...owned,
        code: `${department.code}-HEAD`,
        role: `Head of ${department.name}`,
        level: 2,
        department: department.id,
      })),
    ],
    allowances: list(allowanceList),
    dailyPayrollComponents: list(dailyPayrollList),
    incentives: list(incentiveList),
    bonuses: list(bonusList),
    deductions: list(deductionList),
    salaryGrades: gradeMultiples.map((multiple, index) => ({
      ...owned,
      grade: `G${index + 1}`,
      reported_salary: Math.ceil((company.umk * multiple) / 50_000) * 50_000,
    })),
    payrollTypes: list(payrollTypeList),
    dutyTypes: list(dutyTypeList),
    jobCategories: list(jobCategoryList),
    businessTripRules: [
      { ...owned, code: 'IN-CITY', name: 'In-city trip, per day', amount: rupiah(150_000) },
      { ...owned, code: 'JAVA', name: 'Out-of-town trip in Java, per day', amount: rupiah(350_000) },
      { ...owned, code: 'OUTER-ISLANDS', name: 'Trip outside Java, per day', amount: rupiah(450_000) },
      { ...owned, code: 'OVERSEAS', name: 'Overseas trip, per day', amount: rupiah(1_500_000) },
    ],
    overtimeRules: [
      {
        ...owned,
        code: 'GOV',
        name: 'Government rule (PP 35/2021: 1/173 of the monthly wage per hour)',
        method: 'government_rule',
        hourly_overtime: null,
        maximum_hour: null,
      },
      {
        ...owned,
        code: 'STAFF',
        name: 'Staff flat rate',
        method: 'hourly',
        hourly_overtime: rupiah(25_000),
        maximum_hour: 4,
      },
      {
        ...owned,
        code: 'FIELD',
        name: 'Field and project flat rate',
        method: 'hourly',
        hourly_overtime: rupiah(30_000),
        maximum_hour: 3,
      },
    ],
    earlyDeductions: [
      { ...owned, code: 'DAILY', name: 'Flat amount per early leave', method: 'daily', nominal: rupiah(50_000) },
      { ...owned, code: 'PRORATE', name: `One day's salary (1/${days})`, method: 'prorate', pro_rate_day: days },
      { ...owned, code: 'PERCENT', name: 'Half of the daily wage', method: 'percentage', percentage: 50 },
    ],
    absentDeductions: [
      { ...owned, code: 'DAILY', name: 'Flat amount per absent day', method: 'daily', nominal: rupiah(150_000) },
      { ...owned, code: 'PRORATE', name: `One day's salary (1/${days})`, method: 'prorate', pro_rate_day: days },
      { ...owned, code: 'PERCENT', name: 'The whole daily wage', method: 'percentage', percentage: 100 },
    ],
    missedDeductions: [
      {
        ...owned,
        code: 'CLOCK-IN',
        name: `Missed clock-in: one day's salary (1/${days})`,
        method: 'prorate',
        pro_rate_day: days,
      },
      {
        ...owned,
        code: 'CLOCK-OUT',
        name: `Missed clock-out: one day's salary (1/${days})`,
        method: 'prorate',
        pro_rate_day: days,
      },
    ],
    lateDeductions: [
      {
        ...owned,
        code: 'DAILY',
        name: 'Late over 15 minutes, per day',
        limit: 15,
        deduction: rupiah(25_000),
        method: 'daily',
      },
      {
        ...owned,
        code: 'ACCUMULATIVE',
        name: 'Every 60 minutes late in a month',
        limit: 60,
        deduction: rupiah(50_000),
        method: 'accumulative',
      },
      {
        ...owned,
        code: 'MINUTELY',
        name: 'Per minute late after 5 minutes',
        limit: 5,
        deduction: rupiah(1_000),
        method: 'minutely',
      },
      {
        ...owned,
        code: 'CUSTOM',
        name: 'Company rule: over 30 minutes',
        limit: 30,
        deduction: rupiah(35_000),
        method: 'custom',
      },
    ],
    // UU 13/2003 Pasal 79 ayat (2) huruf c: 12 working days a year after 12 months of continuous service.
    leaveRules: [{ ...owned, ...statutoryAnnualLeave, employment_status: [] }],
  };
}

/** Jakarta's minimum wage (UMP 2025): the salary grades of a company that has not given its UMK yet. */
export const DEFAULT_UMK = 5_396_761;

/** A new company's defaults: its UMK (or Jakarta's), Jakarta amounts, and a five-day week (salaries over 25 days). */
export function defaultsFor(company: { id: string; umk?: number | null }): ReferenceCompany {
  return { id: company.id, umk: company.umk ?? DEFAULT_UMK, salaryScale: 1, proRateDays: 25 };
}

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters, and short for the embedded engine. */
const BATCH = 500;

/** Inserts the reference lists of one or more companies, table by table, inside the caller's transaction. */
export async function insertReferenceRows(tx: Executor, ...sets: ReferenceRows[]) {
  for (const key of Object.keys(referenceTables) as (keyof ReferenceRows)[]) {
    const rows = sets.flatMap((set) => set[key] as PgInsertValue<PgTable>[]);
    for (let i = 0; i < rows.length; i += BATCH)
      await tx.insert(referenceTables[key] as PgTable).values(rows.slice(i, i + BATCH));
  }
}

/**
 * Gives a new company its default lists, in the transaction that creates it: the company has no departments yet, so
 * its roles are the company-wide ones.
 */
export async function insertCompanyDefaults(tx: Executor, company: { id: string; umk?: number | null }) {
  await insertReferenceRows(tx, referenceRows(defaultsFor(company), []));
}
