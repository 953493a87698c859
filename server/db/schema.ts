/**
 * The database, one table a fact. Property names are the API's field names (snake_case, as the spec spells them);
 * `id` is exposed as `_id`. Every company-owned table has `company_id`. Money is integer rupiah in `bigint`.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  approvalContexts,
  approvalDecisions,
  approvalStatuses,
  notificationKinds,
  overtimeDayTypes,
} from '../../common/approvals.ts';
import { kopTemplates } from '../../common/company.ts';
import { type KpiAssessor, kpiPeriodTypes, kpiTargetTypes } from '../../common/kpi.ts';
import { manFeeMethods } from '../../common/man-fee.ts';
import { levels } from '../../common/menu.ts';
import { type ExitPayCode, exitCauses } from '../../common/payroll/severance.ts';
import {
  deductionMethods,
  lateDeductionMethods,
  missedDeductionMethods,
  overtimeMethods,
} from '../../common/payroll-rules.ts';
import { warningLetterTypes } from '../../common/portal.ts';
import type { Reach } from '../scope/scope.ts';

export const levelEnum = pgEnum('level', levels);
export const genderEnum = pgEnum('gender', ['male', 'female', 'other']);
export const maritalStatusEnum = pgEnum('marital_status', ['tk/0', 'tk/1', 'tk/2', 'tk/3', 'k/0', 'k/1', 'k/2', 'k/3']);
export const employmentStatusEnum = pgEnum('employment_status', [
  'not_set',
  'pkwtt',
  'pkwt',
  'probation',
  'intern',
  'freelance',
  'regular',
]);
export const recruitmentTypeEnum = pgEnum('recruitment_type', [
  'recommendation',
  'job_portal',
  'social_media',
  'other',
]);
export const exitReasonEnum = pgEnum('exit_reason', ['resign', 'phk']);
/** PP 35/2021's exit causes (common/payroll/severance.ts, decision 0170). */
export const exitCauseEnum = pgEnum('exit_cause', exitCauses);
export const actionEnum = pgEnum('log_action', ['create', 'update', 'delete']);
export const companySizeEnum = pgEnum('company_size', ['1-10', '10-100', '100-1000', '1000+']);
/** The letterhead (kop surat) a company's documents carry: a plain title block, or a full letterhead with address. */
export const kopTemplateEnum = pgEnum('kop_template', kopTemplates);
export const overtimeMethodEnum = pgEnum('overtime_method', overtimeMethods);
export const deductionMethodEnum = pgEnum('deduction_method', deductionMethods);
export const missedDeductionMethodEnum = pgEnum('missed_deduction_method', missedDeductionMethods);
export const lateDeductionMethodEnum = pgEnum('late_deduction_method', lateDeductionMethods);
/** Who bears an employee's PPh 21: the employee (`gross`) or the employer (`gross_up`). */
export const pphMethodEnum = pgEnum('pph_method', ['gross', 'gross_up']);
/** Indonesian driving licence (SIM) classes. The API keeps the spec's spelling, `driver_lisence_*`. */
export const driverLisenceTypeEnum = pgEnum('driver_lisence_type', ['A', 'B1', 'B2', 'C', 'D']);

const money = (name: string) => bigint(name, { mode: 'number' });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Columns every record carries. */
const base = {
  id: uuid('id').primaryKey().defaultRandom(),
  created_at: stamp('created_at').notNull().defaultNow(),
  updated_at: stamp('updated_at').notNull().defaultNow(),
  created_by: uuid('created_by'),
  /** Optimistic concurrency: a write names the version it edited. */
  version: integer('version').notNull().default(1),
};

/** Columns every company-owned record carries. */
const owned = {
  ...base,
  company_id: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
};

export const companies = pgTable(
  'companies',
  {
    ...base,
    name: text('name').notNull(),
    code: text('code').notNull(),
    phone: text('phone'),
    website: text('website'),
    email: text('email'),
    address: text('address'),
    admin: uuid('admin_id'),
    logo_url: text('logo_url'),
    certificate_url: text('certificate_url'),
    company_size: companySizeEnum('company_size'),
    industry: text('industry'),
    npwp_number: text('npwp_number'),
    /** ID TKU (NITKU): the NPWP and a 6-digit place of business ('000000' the head office), for Coretax uploads. */
    nitku: text('nitku'),
    /** The main business classification code (KLU, 5 digits) the tax office holds: decides the PPh 21 DTP sector. */
    klu_code: text('klu_code'),
    umk: money('umk'),
    jkk_percentage: text('jkk_percentage'),
    cut_off_days: smallint('cut_off_days'),
    kop_template: kopTemplateEnum('kop_template').notNull().default('default'),
    /** The head office's initials, printed on letter numbers. */
    hq_initial: text('hq_initial'),
    umr: money('umr'),
    ump: money('ump'),
    /** The company's BPJS Ketenagakerjaan registration number. */
    bpjs_tk_no: text('bpjs_tk_no'),
    /** The employee who signs the company's tax forms (pemotong PPh 21). */
    tax_person: uuid('tax_person_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    /** Since when the company is registered as a taxable entrepreneur (PKP). */
    taxable_date: date('taxable_date'),
    /** Separation pay (uang pisah) of the company's rules, in months of wage, for the exits that earn it (0170). */
    separation_pay_months: numeric('separation_pay_months', { precision: 4, scale: 2, mode: 'number' })
      .notNull()
      .default(1),
    /** The cost of returning home a leaver is owed under the work agreement (UPH, PP 35/2021 art. 40(4)(b)). */
    home_return_amount: money('home_return_amount').notNull().default(0),
    /** Per-feature settings: `{ sales_menu: { enabled: true, admin: [userId] } }`. */
    features: jsonb('features').$type<Record<string, { enabled?: boolean; admin?: string[] }>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('companies_code_key').on(sql`lower(${t.code})`),
    check('companies_jkk_percentage_check', sql`${t.jkk_percentage} in ('0', '0.24', '0.54', '0.89', '1.27', '1.74')`),
  ],
);

export const accessRoles = pgTable(
  'access_roles',
  {
    ...owned,
    code: text('code').notNull(),
    access_level: text('access_level').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('access_roles_code_key').on(t.company_id, sql`lower(${t.code})`)],
);

export const users = pgTable(
  'users',
  {
    ...base,
    /** Null for platform (developer) accounts. */
    company_id: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    fullname: text('fullname').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    phone: text('phone'),
    level: levelEnum('level').notNull(),
    access_role: uuid('access_role_id').references(() => accessRoles.id, { onDelete: 'no action' }),
    /** Null until the account is activated: such a user cannot log in. */
    password_hash: text('password_hash'),
    blocked: boolean('blocked').notNull().default(false),
    photo_url: text('photo_url'),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_company_idx').on(t.company_id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when a developer acts as a company's admin. */
    impersonator_id: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    created_at: stamp('created_at').notNull().defaultNow(),
    last_used_at: stamp('last_used_at').notNull().defaultNow(),
    expires_at: stamp('expires_at').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

export const tokenPurposeEnum = pgEnum('token_purpose', ['registration', 'password_reset', 'activation']);

/**
 * Single-use links: verifying a registration, resetting a password, activating an invited account. Only the SHA-256
 * of the token is stored. A registration carries what it will create in `payload`; nothing exists until it is used.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: tokenPurposeEnum('purpose').notNull(),
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    created_at: stamp('created_at').notNull().defaultNow(),
    expires_at: stamp('expires_at').notNull(),
    used_at: stamp('used_at'),
  },
  (t) => [uniqueIndex('one_time_tokens_token_key').on(t.token_hash)],
);

/** Failed-login counters, one row per account or IP key, so that throttling holds across API processes. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_started_at: stamp('window_started_at').notNull().defaultNow(),
  locked_until: stamp('locked_until'),
});

/**
 * Mail kept instead of sent when no SMTP server is configured (`SMTP_URL` unset): the developer reads it on the Outbox
 * screen. Never written when mail goes out over SMTP.
 */
export const outbox = pgTable(
  'outbox',
  {
    ...base,
    company_id: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
  },
  (t) => [index('outbox_created_idx').on(t.created_at)],
);

export const activityLogs = pgTable(
  'activity_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    user: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonator: uuid('impersonator_id').references(() => users.id, { onDelete: 'set null' }),
    action: actionEnum('action').notNull(),
    menu: text('menu').notNull(),
    resource: text('resource').notNull(),
    record_id: uuid('record_id'),
    detail: text('detail').notNull(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>(),
    created_at: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('activity_logs_company_idx').on(t.company_id, t.created_at),
    // The log screen's first page, newest first, with its filters (docs/decisions/0155): one index per filter that
    // narrows by equality, each ending in the sort order, so a page is an index range read, not a sort.
    index('activity_logs_company_recent_idx').on(t.company_id, t.created_at.desc(), t.id.desc()),
    index('activity_logs_company_user_idx').on(t.company_id, t.user, t.created_at.desc(), t.id.desc()),
    index('activity_logs_company_action_idx').on(t.company_id, t.action, t.created_at.desc(), t.id.desc()),
    // The search on the detail (`ilike '%…%'`): trigrams (pg_trgm, created by the migration that adds this index).
    index('activity_logs_detail_trgm_idx').using('gin', t.detail.op('gin_trgm_ops')),
  ],
);

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Null for platform files (developer uploads such as banners), readable by every signed-in user. */
  company_id: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull().unique(),
  original_name: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  /**
   * An attachment of a record (a leave request's, a loan's: `POST /v1/files?accept=attachment`): never served by
   * `GET /v1/files/{name}`, only through its record's route, to who may read the record (server/files/attachments.ts).
   */
  attachment: boolean('attachment').notNull().default(false),
  /**
   * A generated file (a job's zip of payslips or 1721-A1 forms): the menu of what it holds and the reach it was made
   * for (server/scope/scope.ts). Readable by who may read that menu over at least that reach (issue 24); null for an
   * upload, which keeps the upload's rule.
   */
  menu: text('menu'),
  reach: jsonb('reach').$type<Reach>(),
  created_at: stamp('created_at').notNull().defaultNow(),
  created_by: uuid('created_by'),
});

/**
 * company-settings → digital signature (spec 2.3, 3): who signs the company's documents (the 1721-A1), with the image
 * of their signature (an uploaded PNG or JPEG). At most one is `selected` per company: the one the forms carry.
 */
export const companySignatures = pgTable(
  'company_signatures',
  {
    ...owned,
    name: text('name').notNull(),
    title: text('title'),
    selected: boolean('selected').notNull().default(false),
    file: text('file').notNull(),
  },
  (t) => [
    index('company_signatures_company_idx').on(t.company_id, t.created_at),
    uniqueIndex('company_signatures_selected_key').on(t.company_id).where(sql`${t.selected}`),
  ],
);

/** company-settings → certificates (spec 2.3, 3): the company's certificates, each a name and an uploaded file. */
export const companyCertificates = pgTable(
  'company_certificates',
  { ...owned, cert_name: text('cert_name').notNull(), file: text('file').notNull() },
  (t) => [index('company_certificates_company_idx').on(t.company_id, t.created_at)],
);

/** The reference lists of employee-organization: code and name, with a few extras. */
const reference = { ...owned, code: text('code').notNull(), name: text('name').notNull() };

export const departments = pgTable(
  'departments',
  { ...reference, head: uuid('head_id'), description: text('description') },
  (t) => [uniqueIndex('departments_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const subDepartments = pgTable(
  'sub_departments',
  {
    ...reference,
    department: uuid('department_id').references(() => departments.id, { onDelete: 'no action' }),
    supervisor: uuid('supervisor_id'),
  },
  (t) => [uniqueIndex('sub_departments_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
/** Which assignment field of an employee a job title's holders are candidates for (spec 3 "Assignment"). */
export const assignmentRoleEnum = pgEnum('assignment_role', ['poa', 'pcho', 'supervisor']);
export const jobTitles = pgTable(
  'job_titles',
  {
    ...reference,
    /**
     * Holders of this title are offered as the employee's POA (Project Officer Area), PCHO (Project Coordinator) or
     * supervisor: configuration an admin edits in the job-titles list, not ids in code.
     */
    assignment_role: assignmentRoleEnum('assignment_role'),
  },
  (t) => [uniqueIndex('job_titles_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const locations = pgTable(
  'locations',
  {
    ...reference,
    /** Where the site is; clocking farther than `radius` metres from every located site is offsite. */
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    radius: integer('radius'),
  },
  (t) => [uniqueIndex('locations_code_key').on(t.company_id, sql`lower(${t.code})`)],
);

/** A company reference list of code and name, unique by code (case-insensitive) within the company. */
const codeNameList = <N extends string>(name: N) =>
  pgTable(name, reference, (t) => [uniqueIndex(`${name}_code_key`).on(t.company_id, sql`lower(${t.code})`)]);

// employee-personal
export const nationalities = codeNameList('nationalities');
export const religions = codeNameList('religions');
/** Academic and professional titles (gelar): S.Kom., M.M. */
export const titles = codeNameList('titles');
export const majors = codeNameList('majors');
/** Family and emergency-contact relationships. */
export const relationships = codeNameList('relationships');
export const banks = codeNameList('banks');
/** Roles in the employee assignment: a role name, a hierarchy level (0 is the top) and optionally a department. */
export const employeeRoles = pgTable(
  'employee_roles',
  {
    ...owned,
    code: text('code').notNull(),
    role: text('role').notNull(),
    level: integer('level').notNull().default(0),
    department: uuid('department_id').references(() => departments.id, { onDelete: 'no action' }),
  },
  (t) => [uniqueIndex('employee_roles_code_key').on(t.company_id, sql`lower(${t.code})`)],
);

export const employees = pgTable(
  'employees',
  {
    ...owned,
    user: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The company's own employee number (natural key for imports). */
    employee_id: text('employee_id').notNull(),
    // Personal
    fullname: text('fullname').notNull(),
    nickname: text('nickname'),
    email: text('email'),
    phone: text('phone'),
    birth_date: date('birth_date'),
    birth_place: text('birth_place'),
    gender: genderEnum('gender'),
    marital_status: maritalStatusEnum('marital_status'),
    marriage_date: date('marriage_date'),
    no_of_children: smallint('no_of_children'),
    religion: text('religion'),
    nationality: text('nationality'),
    // Employment
    join_date: date('join_date'),
    end_of_contract: date('end_of_contract'),
    status: employmentStatusEnum('status').notNull().default('not_set'),
    recruitment_type: recruitmentTypeEnum('recruitment_type'),
    exit_reason: exitReasonEnum('exit_reason'),
    exit_date: date('exit_date'),
    /** An expatriate's tax residence in Indonesia (null: resident before / after): arriving or leaving mid-year is
     * annualised in the runs (decision 0173). */
    tax_resident_from: date('tax_resident_from'),
    tax_resident_to: date('tax_resident_to'),
    // Assignment
    department: uuid('department_id').references(() => departments.id, { onDelete: 'no action' }),
    sub_department: uuid('sub_department_id').references(() => subDepartments.id, { onDelete: 'no action' }),
    job_title: uuid('job_title_id').references(() => jobTitles.id, { onDelete: 'no action' }),
    role: uuid('role_id').references(() => employeeRoles.id, { onDelete: 'no action' }),
    location: uuid('location_id').references(() => locations.id, { onDelete: 'no action' }),
    supervisor: uuid('supervisor_id'),
    /** Person on assignment (POA) and project coordinator (PCHO): employees, like the supervisor. */
    poa: uuid('poa_id'),
    pcho: uuid('pcho_id'),
    /** Read-only: the user who last set the assignment, stamped by the server. */
    assigned_by: uuid('assigned_by_id').references(() => users.id, { onDelete: 'set null' }),
    work_days: smallint('work_days').notNull().default(5),
    // Salary (integer rupiah)
    bank: text('bank'),
    account_number: text('account_number'),
    account_name: text('account_name'),
    /** Take-home pay the employee is promised (integer rupiah). */
    thp: money('thp').notNull().default(0),
    pph_deduction: pphMethodEnum('pph_deduction').notNull().default('gross'),
    basic_salary: money('basic_salary').notNull().default(0),
    transport_allowance: money('transport_allowance').notNull().default(0),
    meal_allowance: money('meal_allowance').notNull().default(0),
    communication_allowance: money('communication_allowance').notNull().default(0),
    job_allowance: money('job_allowance').notNull().default(0),
    other_allowance: money('other_allowance').notNull().default(0),
    payroll_active: boolean('payroll_active').notNull().default(true),
    // Legality, tax and BPJS
    ktp_number: text('ktp_number'),
    npwp_number: text('npwp_number'),
    /** False when the NPWP is missing or invalid: PPh 21 is then 20% higher (reference section 1). */
    tax_id_valid: boolean('tax_id_valid').notNull().default(true),
    bpjs_tk_number: text('bpjs_tk_number'),
    bpjs_ks_number: text('bpjs_ks_number'),
    driver_lisence_number: text('driver_lisence_number'),
    driver_lisence_type: driverLisenceTypeEnum('driver_lisence_type'),
    bpjs_tk_registered: boolean('bpjs_tk_registered').notNull().default(false),
    bpjs_ks_registered: boolean('bpjs_ks_registered').notNull().default(false),
    /** 1 wage recipient, 2 non-wage recipient, 3 not registered. */
    bpjs_type: smallint('bpjs_type').notNull().default(1),
    /** The wage BPJS Ketenagakerjaan and Kesehatan are computed on; null means the employee's wage. */
    bpjs_tk_salary: money('bpjs_tk_salary'),
    bpjs_ks_salary: money('bpjs_ks_salary'),
    /** JKK risk-group rate in percent; null means the company's `jkk_percentage`. */
    jkk_percentage: numeric('jkk_percentage', { precision: 4, scale: 2, mode: 'number' }),
    // Address: as on the ID card (KTP), and the domicile (the same when `same_address`)
    id_card_address: text('id_card_address'),
    id_card_rt: text('id_card_rt'),
    id_card_rw: text('id_card_rw'),
    id_card_postal_code: text('id_card_postal_code'),
    id_card_province: text('id_card_province'),
    id_card_city: text('id_card_city'),
    id_card_district: text('id_card_district'),
    id_card_sub_district: text('id_card_sub_district'),
    same_address: boolean('same_address').notNull().default(false),
    domicile_address: text('domicile_address'),
    domicile_rt: text('domicile_rt'),
    domicile_rw: text('domicile_rw'),
    domicile_postal_code: text('domicile_postal_code'),
    domicile_province: text('domicile_province'),
    domicile_city: text('domicile_city'),
    domicile_district: text('domicile_district'),
    domicile_sub_district: text('domicile_sub_district'),
  },
  (t) => [
    uniqueIndex('employees_user_key').on(t.user),
    uniqueIndex('employees_employee_id_key').on(t.company_id, sql`lower(${t.employee_id})`),
    index('employees_company_idx').on(t.company_id, t.fullname),
  ],
);

export const employeeFamily = pgTable(
  'employee_family',
  {
    ...owned,
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone'),
    birth_date: date('birth_date'),
    bpjs_ks_additional: boolean('bpjs_ks_additional').notNull().default(false),
  },
  (t) => [index('employee_family_employee_idx').on(t.employee)],
);

// payroll-references: the components payroll items and daily payroll refer to
export const allowances = codeNameList('allowances');
/** Components of the daily (weekly-run) payroll: `amount` is paid per day worked (the daily rate is their sum). */
export const dailyPayrollComponents = pgTable(
  'daily_payroll_components',
  { ...reference, amount: money('amount').notNull().default(0) },
  (t) => [uniqueIndex('daily_payroll_components_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const incentives = codeNameList('incentives');
export const bonuses = codeNameList('bonuses');
export const deductions = codeNameList('deductions');
/** Salary grades, keyed by grade, with the salary reported for the grade (integer rupiah). */
export const salaryGrades = pgTable(
  'salary_grades',
  { ...owned, grade: text('grade').notNull(), reported_salary: money('reported_salary').notNull().default(0) },
  (t) => [uniqueIndex('salary_grades_grade_key').on(t.company_id, sql`lower(${t.grade})`)],
);
export const payrollTypes = codeNameList('payroll_types');
export const dutyTypes = codeNameList('duty_types');
export const jobCategories = codeNameList('job_categories');

// payroll-rules. Fields a rule's method does not use are null (common/payroll-rules.ts says which).
export const businessTripRules = pgTable(
  'business_trip_rules',
  { ...reference, amount: money('amount').notNull().default(0) },
  (t) => [uniqueIndex('business_trip_rules_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const overtimeRules = pgTable(
  'overtime_rules',
  {
    ...reference,
    method: overtimeMethodEnum('method').notNull(),
    /** Rupiah per overtime hour (hourly only). */
    hourly_overtime: money('hourly_overtime'),
    /** Hours a day (hourly only). */
    maximum_hour: integer('maximum_hour'),
  },
  (t) => [uniqueIndex('overtime_rules_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
/** The amount fields of the early, absent and missed deduction rules: one per method. */
const deductionAmounts = {
  /** daily: rupiah per occurrence. */
  nominal: money('nominal'),
  /** prorate: the divisor of the monthly salary, in days. */
  pro_rate_day: integer('pro_rate_day'),
  /** percentage: percent of the daily wage, exact to two decimals. */
  percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
};
export const earlyDeductions = pgTable(
  'early_deductions',
  { ...reference, method: deductionMethodEnum('method').notNull(), ...deductionAmounts },
  (t) => [uniqueIndex('early_deductions_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const absentDeductions = pgTable(
  'absent_deductions',
  { ...reference, method: deductionMethodEnum('method').notNull(), ...deductionAmounts },
  (t) => [uniqueIndex('absent_deductions_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const missedDeductions = pgTable(
  'missed_deductions',
  { ...reference, method: missedDeductionMethodEnum('method').notNull().default('prorate'), ...deductionAmounts },
  (t) => [uniqueIndex('missed_deductions_code_key').on(t.company_id, sql`lower(${t.code})`)],
);
export const lateDeductions = pgTable(
  'late_deductions',
  {
    ...reference,
    /** Minutes late before the deduction starts. */
    limit: integer('limit').notNull().default(0),
    deduction: money('deduction').notNull().default(0),
    method: lateDeductionMethodEnum('method').notNull(),
  },
  (t) => [uniqueIndex('late_deductions_code_key').on(t.company_id, sql`lower(${t.code})`)],
);

// Employee sub-records (spec 3 "Employee detail sections" and "Employee payroll"): rows of one employee each.
/** The link every employee sub-record carries: deleted with its employee. */
const ofEmployee = () => ({
  ...owned,
  employee: uuid('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'cascade' }),
});

/**
 * The link of an employee's history (payslips, attendance, requests, leave, loans, deposits): it never goes with its
 * employee. `no action` (checked at the end of the statement, so a company's own cascade still removes both): an
 * employee with history cannot be deleted (409 `has_history` before it, docs/decisions/0125); they are exited.
 */
const ofEmployeeHistory = () => ({
  ...owned,
  employee: uuid('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'no action' }),
});

export const employeeEmergencyContacts = pgTable(
  'employee_emergency_contacts',
  { ...ofEmployee(), name: text('name').notNull(), relationship: text('relationship').notNull(), phone: text('phone') },
  (t) => [index('employee_emergency_contacts_employee_idx').on(t.employee)],
);
export const employeeWorkExperiences = pgTable(
  'employee_work_experiences',
  {
    ...ofEmployee(),
    company_name: text('company_name').notNull(),
    job_title: text('job_title'),
    start_date: date('start_date'),
    end_date: date('end_date'),
  },
  (t) => [index('employee_work_experiences_employee_idx').on(t.employee)],
);
export const employeeEducations = pgTable(
  'employee_educations',
  {
    ...ofEmployee(),
    institute_name: text('institute_name').notNull(),
    title: text('title'),
    major: text('major'),
    grad_year: smallint('grad_year'),
  },
  (t) => [index('employee_educations_employee_idx').on(t.employee)],
);
export const employeeAttachments = pgTable(
  'employee_attachments',
  { ...ofEmployee(), name: text('name').notNull(), attachment: text('attachment') },
  (t) => [index('employee_attachments_employee_idx').on(t.employee)],
);
export const historyTypeEnum = pgEnum('history_type', ['case', 'achievement']);
/** History: cases and achievements (path `employees/case-achievement`). */
export const employeeHistories = pgTable(
  'employee_histories',
  {
    ...ofEmployee(),
    title: text('title').notNull(),
    type: historyTypeEnum('type').notNull(),
    description: text('description'),
  },
  (t) => [index('employee_histories_employee_idx').on(t.employee)],
);

/** A payroll item of one employee for one month, pointing at its payroll-references component. */
const payrollItem = <N extends string>(name: N, reference: () => AnyPgColumn) =>
  pgTable(
    name,
    {
      ...ofEmployee(),
      year: smallint('year').notNull(),
      month: smallint('month').notNull(),
      amount: money('amount').notNull(),
      reference: uuid('reference_id').references(reference, { onDelete: 'no action' }),
      description: text('description'),
    },
    (t) => [index(`${name}_employee_idx`).on(t.employee, t.year, t.month)],
  );
export const employeeAllowances = payrollItem('employee_allowances', () => allowances.id);
export const employeeIncentives = payrollItem('employee_incentives', () => incentives.id);
export const employeeBonuses = payrollItem('employee_bonuses', () => bonuses.id);
export const employeeDeductions = payrollItem('employee_deductions', () => deductions.id);
/** THR (religious holiday allowance) and yearly bonus paid in one month. */
export const employeeThrBonuses = pgTable(
  'employee_thr_bonuses',
  {
    ...ofEmployee(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    thr: money('thr').notNull().default(0),
    yearly_bonus: money('yearly_bonus').notNull().default(0),
  },
  (t) => [uniqueIndex('employee_thr_bonuses_month_key').on(t.employee, t.year, t.month)],
);

/**
 * pph-a1/previous-pph (spec 3 "Tax record", 7): the previous employer's figures of an employee's tax year, from their
 * 1721-A1: neto and PPh 21 withheld there, and that employer's tax id. The last tax period adds them to the year
 * (PMK 168/2023).
 */
export const employeePreviousPph = pgTable(
  'employee_previous_pph',
  {
    ...ofEmployee(),
    year: smallint('year').notNull(),
    previous_netto: money('previous_netto').notNull().default(0),
    previous_pph: money('previous_pph').notNull().default(0),
    employer_name: text('employer_name'),
    employer_npwp: text('employer_npwp'),
  },
  (t) => [uniqueIndex('employee_previous_pph_year_key').on(t.employee, t.year)],
);

/**
 * The 1721-A1 numbers issued (decision 0069): once a company's form of a year is final it gets the next sequence of
 * that company and year, and keeps its number for good, whatever employees are added later. Provisional forms get
 * none. A deleted employee's number stays taken (employee set null).
 */
export const a1Numbers = pgTable(
  'a1_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    employee: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    issued_at: stamp('issued_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('a1_numbers_sequence_key').on(t.company_id, t.year, t.sequence),
    uniqueIndex('a1_numbers_employee_key').on(t.company_id, t.year, t.employee),
    check('a1_numbers_sequence_positive', sql`${t.sequence} > 0`),
  ],
);

/**
 * employee-onboarding: people being hired. Pending until their onboarding link (the signed contract or completed
 * onboarding form) is recorded, completed after (spec 4).
 */
export const employeeOnboardings = pgTable(
  'employee_onboardings',
  {
    ...owned,
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    department: uuid('department_id').references(() => departments.id, { onDelete: 'no action' }),
    job_title: uuid('job_title_id').references(() => jobTitles.id, { onDelete: 'no action' }),
    location: uuid('location_id').references(() => locations.id, { onDelete: 'no action' }),
    status: employmentStatusEnum('status').notNull().default('probation'),
    contract_start_date: date('contract_start_date'),
    contract_end_date: date('contract_end_date'),
    link: text('link'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('employee_onboardings_email_key').on(t.company_id, sql`lower(${t.email})`),
    index('employee_onboardings_contract_idx').on(t.company_id, t.contract_start_date),
  ],
);

// Time and attendance (issue #12). Owners: scheduling (shifts, groups, roster, overrides), recording (attendances),
// leave (rules, holidays, leaves, balance adjustments), tracking (live-tracking groups, location coordinates).
export const shiftTypes = ['full_day', 'off_day', 'free_working_day', 'standby', 'long_shift'] as const;
export const shiftTypeEnum = pgEnum('shift_type', shiftTypes);
export const attendanceGroupTypeEnum = pgEnum('attendance_group_type', [
  'fixed_schedule',
  'working_shift',
  'free_shift',
]);
/** Weekdays of a fixed schedule, Monday first (ISO). */
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

export const shifts = pgTable(
  'shifts',
  {
    ...owned,
    /** What a roster cell holds: short, unique per company (case-insensitive). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: shiftTypeEnum('type').notNull().default('full_day'),
    /** HH:mm in Asia/Jakarta; null for off_day, standby and free_working_day. Finish before start crosses midnight. */
    start_time: text('start_time'),
    finish_time: text('finish_time'),
    minimum_working_hour: numeric('minimum_working_hour', { precision: 4, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    working_days: numeric('working_days', { precision: 3, scale: 2, mode: 'number' }).notNull().default(1),
    allowed_attendance: boolean('allowed_attendance').notNull().default(true),
  },
  (t) => [uniqueIndex('shifts_code_key').on(t.company_id, sql`lower(${t.code})`)],
);

export const attendanceGroups = pgTable(
  'attendance_groups',
  {
    ...owned,
    name: text('name').notNull(),
    type: attendanceGroupTypeEnum('type').notNull().default('fixed_schedule'),
    auto_closed: boolean('auto_closed').notNull().default(false),
    allowed_offsite_clock_in: boolean('allowed_offsite_clock_in').notNull().default(false),
    allowed_offsite_clock_out: boolean('allowed_offsite_clock_out').notNull().default(false),
    manager: uuid('manager_id').references(() => employees.id, { onDelete: 'no action' }),
    /** fixed_schedule: one shift id (or null) per weekday. */
    schedule: jsonb('schedule').$type<Partial<Record<Weekday, string | null>>>().notNull().default({}),
  },
  (t) => [uniqueIndex('attendance_groups_name_key').on(t.company_id, sql`lower(${t.name})`)],
);

/** Group membership: an employee is in at most one attendance group. */
export const attendanceGroupMembers = pgTable(
  'attendance_group_members',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    group: uuid('group_id')
      .notNull()
      .references(() => attendanceGroups.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('attendance_group_members_employee_key').on(t.employee),
    index('attendance_group_members_group_idx').on(t.group),
  ],
);

/** The roster of a working_shift group: one shift per employee and day. */
export const rosterEntries = pgTable(
  'roster_entries',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    shift: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'no action' }),
    updated_at: stamp('updated_at').notNull().defaultNow(),
    updated_by: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('roster_entries_employee_date_key').on(t.employee, t.date),
    index('roster_entries_company_date_idx').on(t.company_id, t.date),
  ],
);

/** One employee's shift on one date, winning over the roster and the weekly pattern. */
export const shiftOverrides = pgTable(
  'shift_overrides',
  {
    ...ofEmployee(),
    date: date('date').notNull(),
    shift: uuid('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'no action' }),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('shift_overrides_employee_date_key').on(t.employee, t.date),
    index('shift_overrides_company_date_idx').on(t.company_id, t.date),
  ],
);

export const clockStatusEnum = pgEnum('clock_status', ['on_time', 'late', 'early', 'missed']);
export const attendanceSourceEnum = pgEnum('attendance_source', ['clock', 'import', 'correction']);
/**
 * One employee's attendance on one (shift) date. Times are timestamps; the status and minutes are computed once,
 * when a time is written, against the shift that applied (its times kept here so later schedule edits do not
 * rewrite history).
 */
export const attendances = pgTable(
  'attendances',
  {
    ...ofEmployeeHistory(),
    date: date('date').notNull(),
    shift: uuid('shift_id').references(() => shifts.id, { onDelete: 'no action' }),
    shift_start: text('shift_start'),
    shift_finish: text('shift_finish'),
    clock_in: stamp('clock_in'),
    clock_out: stamp('clock_out'),
    clock_in_status: clockStatusEnum('clock_in_status'),
    clock_out_status: clockStatusEnum('clock_out_status'),
    late_minutes: integer('late_minutes').notNull().default(0),
    early_minutes: integer('early_minutes').notNull().default(0),
    clock_in_latitude: numeric('clock_in_latitude', { precision: 9, scale: 6, mode: 'number' }),
    clock_in_longitude: numeric('clock_in_longitude', { precision: 9, scale: 6, mode: 'number' }),
    clock_out_latitude: numeric('clock_out_latitude', { precision: 9, scale: 6, mode: 'number' }),
    clock_out_longitude: numeric('clock_out_longitude', { precision: 9, scale: 6, mode: 'number' }),
    clock_in_offsite: boolean('clock_in_offsite').notNull().default(false),
    clock_out_offsite: boolean('clock_out_offsite').notNull().default(false),
    /** The accuracy the device reported for the clock's position, metres (issue 24; null: none reported). */
    clock_in_accuracy: integer('clock_in_accuracy'),
    clock_out_accuracy: integer('clock_out_accuracy'),
    /** The address the clock request came from (Fastify's request.ip, behind TRUST_PROXY's proxies). */
    clock_in_ip: text('clock_in_ip'),
    clock_out_ip: text('clock_out_ip'),
    /**
     * Set when the clock's position cannot follow the employee's previous one at a plausible speed (offsite.ts
     * `implausibleTravel`): the distance, the minutes between them and the implied speed. Null: plausible or unknown.
     */
    clock_in_travel: jsonb('clock_in_travel').$type<{ km: number; minutes: number; kmh: number }>(),
    clock_out_travel: jsonb('clock_out_travel').$type<{ km: number; minutes: number; kmh: number }>(),
    note: text('note'),
    source: attendanceSourceEnum('source').notNull().default('clock'),
    /** The first recorded times, kept when an admin or an approved clock correction changes them. */
    original_clock_in: stamp('original_clock_in'),
    original_clock_out: stamp('original_clock_out'),
  },
  (t) => [
    uniqueIndex('attendances_employee_date_key').on(t.employee, t.date),
    index('attendances_company_date_idx').on(t.company_id, t.date),
  ],
);

/** Every change to a recorded time: who, when, from what to what, why. */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    ...owned,
    attendance: uuid('attendance_id')
      .notNull()
      .references(() => attendances.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    old_value: stamp('old_value'),
    new_value: stamp('new_value'),
    reason: text('reason'),
    /** The approval that made it, when a clock correction request did. */
    approval: uuid('approval_id'),
  },
  (t) => [index('attendance_corrections_attendance_idx').on(t.attendance)],
);

export const leaveDistributionEnum = pgEnum('leave_distribution', ['annual', 'monthly']);
export const leaveCalculationEnum = pgEnum('leave_calculation', ['work_day', 'calendar_day']);
export const leaveQuotaTypeEnum = pgEnum('leave_quota_type', ['fixed', 'unlimited']);
export const leaveUnitEnum = pgEnum('leave_unit', ['day', 'hour', 'half_day']);
export const leaveStatusEnum = pgEnum('leave_status', ['pending', 'approved', 'rejected', 'withdrawn']);

export const leaveRules = pgTable(
  'leave_rules',
  {
    ...owned,
    /** The leave type's name ("Annual Leave"), unique per company. */
    type: text('type').notNull(),
    distribution: leaveDistributionEnum('distribution').notNull().default('annual'),
    calculation: leaveCalculationEnum('calculation').notNull().default('work_day'),
    /** Days (or hours for unit hour) a year, or a month for monthly distribution. */
    amount: numeric('amount', { precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    quota_type: leaveQuotaTypeEnum('quota_type').notNull().default('fixed'),
    distribution_date: date('distribution_date'),
    unit: leaveUnitEnum('unit').notNull().default('day'),
    expiration_date: date('expiration_date'),
    /** Employment statuses the rule applies to; empty means all. */
    employment_status: employmentStatusEnum('employment_status')
      .array()
      .notNull()
      .default(sql`'{}'::employment_status[]`),
    /** Months of service before the first entitlement (UU 13/2003 Pasal 79: 12 for annual leave). */
    service_months: smallint('service_months').notNull().default(0),
    /** Unpaid leave (cuti di luar tanggungan): its approved days are deducted by the company's absent rule in the run. */
    unpaid: boolean('unpaid').notNull().default(false),
  },
  (t) => [uniqueIndex('leave_rules_type_key').on(t.company_id, sql`lower(${t.type})`)],
);

/** Holidays (spec: mass-leave, labelled Holiday): public holidays and collective leave (cuti bersama). */
export const massLeaves = pgTable(
  'mass_leaves',
  {
    ...owned,
    name: text('name').notNull(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    /** Collective leave taken from this leave rule's balance (the company's choice); null for a public holiday. */
    deduct_leave_rule: uuid('deduct_leave_rule_id').references(() => leaveRules.id, { onDelete: 'no action' }),
  },
  (t) => [index('mass_leaves_company_date_idx').on(t.company_id, t.start_date)],
);

/** Leave taken or asked for: written by the approvals flow (pending, then approved or released), or seeded. */
export const leaves = pgTable(
  'leaves',
  {
    ...ofEmployeeHistory(),
    leave_rule: uuid('leave_rule_id')
      .notNull()
      .references(() => leaveRules.id, { onDelete: 'no action' }),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    unit: leaveUnitEnum('unit').notNull().default('day'),
    /** In the rule's unit: days (half days as .5) or hours. */
    total: numeric('total', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    status: leaveStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    approval: uuid('approval_id'),
  },
  (t) => [
    index('leaves_employee_idx').on(t.employee, t.start_date),
    index('leaves_company_date_idx').on(t.company_id, t.start_date, t.end_date),
  ],
);

/** Manual corrections of a balance (spec: POST leave-balance), positive or negative, with the reason. */
export const leaveBalanceAdjustments = pgTable(
  'leave_balance_adjustments',
  {
    ...ofEmployeeHistory(),
    leave_rule: uuid('leave_rule_id')
      .notNull()
      .references(() => leaveRules.id, { onDelete: 'no action' }),
    year: smallint('year').notNull(),
    amount: numeric('amount', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    note: text('note'),
  },
  (t) => [index('leave_balance_adjustments_employee_idx').on(t.employee, t.year)],
);

export const liveTrackingGroups = pgTable(
  'live_tracking_groups',
  {
    ...owned,
    name: text('name').notNull(),
    description: text('description'),
    members: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [uniqueIndex('live_tracking_groups_name_key').on(t.company_id, sql`lower(${t.name})`)],
);

/**
 * The undo journal of a bulk write applied in short transactions on the embedded database (docs/decisions/0024):
 * what each committed chunk inserted (`inserted`, ids in `table_name`) or the rows it updated as they were before
 * (`before`, `to_jsonb` images). Emptied for a batch at its commit point; what is left after a failure or a crash is
 * undone (server/resources/journal.ts), so the bulk write is all or nothing.
 */
export const bulkUndo = pgTable(
  'bulk_undo',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    batch: uuid('batch').notNull(),
    table_name: text('table_name').notNull(),
    inserted: uuid('inserted').array(),
    before: jsonb('before'),
    created_at: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('bulk_undo_batch_idx').on(t.batch)],
);

// Payroll runs (spec 3 "Payroll summary", path `payroll-summary`; server/payroll/README.md).
export const payrollRunTypeEnum = pgEnum('payroll_run_type', ['payroll_run', 'thr', 'weekly']);
export const payrollRunStatusEnum = pgEnum('payroll_run_status', ['pending', 'completed']);
/** One run: a month's payroll, a THR run for a holiday, or a weekly daily-worker payroll. */
export const payrollSummaries = pgTable(
  'payroll_summaries',
  {
    ...owned,
    title: text('title').notNull(),
    type: payrollRunTypeEnum('type').notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    status: payrollRunStatusEnum('status').notNull().default('pending'),
    /** THR runs: the religious holiday the THR is paid for. */
    holiday_date: date('holiday_date'),
    /** Weekly runs: the period covered. */
    period_start: date('period_start'),
    period_end: date('period_end'),
    completed_at: stamp('completed_at'),
    completed_by: uuid('completed_by'),
    employee_count: integer('employee_count').notNull().default(0),
    total_bruto: money('total_bruto').notNull().default(0),
    total_pph21: money('total_pph21').notNull().default(0),
    total_thp: money('total_thp').notNull().default(0),
    total_bpjs_employee: money('total_bpjs_employee').notNull().default(0),
    total_bpjs_company: money('total_bpjs_company').notNull().default(0),
    /** Manpower-supply fee calculation (finance issue); null when not used. */
    man_fee_calculation: jsonb('man_fee_calculation'),
    /** The pre-run warnings the admin acknowledged when creating the run. */
    acknowledged_warnings: jsonb('acknowledged_warnings'),
    note: text('note'),
  },
  (t) => [
    index('payroll_summaries_period_idx').on(t.company_id, t.type, t.year, t.month),
    index('payroll_summaries_status_idx').on(t.company_id, t.status, t.created_at),
  ],
);
/**
 * The platform's management fee rules (developer area, finances → man-fee; docs/decisions/0073): per company,
 * effective-dated, a percentage of a completed monthly run's total bruto or an amount per employee per month. A
 * platform list (no tenancy): the developer keeps every company's rules. Completing a run stores the fee computed
 * with the month's rule in `payroll_summaries.man_fee_calculation`.
 */
export const manFeeMethodEnum = pgEnum('man_fee_method', manFeeMethods);
export const manFeeRules = pgTable(
  'man_fee_rules',
  {
    ...base,
    company: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    effective_date: date('effective_date').notNull(),
    method: manFeeMethodEnum('method').notNull(),
    /** Percent of total bruto, two decimals (method `percentage`). */
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
    /** Rupiah per employee per month (method `per_employee`). */
    amount_per_employee: money('amount_per_employee'),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('man_fee_rules_company_date_key').on(t.company, t.effective_date),
    check(
      'man_fee_rules_method_amount',
      sql`(${t.method} = 'percentage' and ${t.percentage} is not null) or (${t.method} = 'per_employee' and ${t.amount_per_employee} is not null)`,
    ),
  ],
);
/** One employee's payslip in a run: the snapshot shown, the engine input kept to recalculate and explain. */
export const payslips = pgTable(
  'payslips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    summary: uuid('summary_id')
      .notNull()
      .references(() => payrollSummaries.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    // Snapshot for display: the payslip says what was true when it was computed.
    employee_number: text('employee_number').notNull(),
    fullname: text('fullname').notNull(),
    department: uuid('department_id'),
    department_name: text('department_name'),
    location: uuid('location_id'),
    location_name: text('location_name'),
    job_title_name: text('job_title_name'),
    /**
     * The tax identity as it was when computed: the PPh 21 report, e-Bupot and the 1721-A1 of a completed run read
     * these, never the live employee (issue 24: history never changes when an employee changes later).
     */
    npwp: text('npwp'),
    nik: text('nik'),
    gender: text('gender'),
    address: text('address'),
    /** The engine's input as it was loaded (recalculation and explain read it). */
    input: jsonb('input').notNull(),
    /** The admin's edits to this payslip's inputs (overtime hours, a bonus, a deduction), applied over `input`. */
    edits: jsonb('edits').$type<Record<string, number>>().notNull().default({}),
    /** The engine's lines, each with its amount and explain. */
    lines: jsonb('lines').notNull(),
    bruto: money('bruto').notNull().default(0),
    pph21: money('pph21').notNull().default(0),
    /** The PPh 21 borne by the government (DTP) paid back in cash this month (decision 0165); part of `pph21`. */
    pph21_dtp: money('pph21_dtp').notNull().default(0),
    /** The fixed and regular part of `bruto` (no THR, bonus): the DTP's ceiling and base. */
    regular_bruto: money('regular_bruto').notNull().default(0),
    thp: money('thp').notNull().default(0),
    bpjs_employee: money('bpjs_employee').notNull().default(0),
    bpjs_company: money('bpjs_company').notNull().default(0),
    /** The BPJS split: { jht_employee, jht_company, jp_employee, ... } in rupiah. */
    bpjs: jsonb('bpjs').$type<Record<string, number>>().notNull().default({}),
    updated_at: stamp('updated_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('payslips_summary_employee_key').on(t.summary, t.employee),
    index('payslips_employee_idx').on(t.employee, t.summary),
    index('payslips_company_idx').on(t.company_id),
  ],
);

/** Long work run on the job queue (pg-boss, docs/decisions/0044): what a client follows on the progress card. */
export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'completed', 'failed']);
export const jobs = pgTable(
  'jobs',
  {
    /** The pg-boss job id. */
    id: uuid('id').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The menu whose read permission lets a user follow the job. */
    menu: text('menu').notNull(),
    /** The reach of the caller who started it (server/scope/scope.ts): what the job reads, and who may follow it. */
    reach: jsonb('reach').$type<Reach>(),
    status: jobStatusEnum('status').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** What the job made, e.g. `{ summary_id }` or `{ file_id }`. */
    result: jsonb('result'),
    /** A failure: `{ code, message }`, the message key translated by the client. */
    error: jsonb('error'),
    created_by: uuid('created_by'),
    created_at: stamp('created_at').notNull().defaultNow(),
    updated_at: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [index('jobs_company_idx').on(t.company_id, t.created_at)],
);

// Approvals (issue #13, server/approvals/README.md). The closed unions live in common/approvals.ts.
export const approvalContextEnum = pgEnum('approval_context', approvalContexts);
export const approvalStatusEnum = pgEnum('approval_status', approvalStatuses);
export const approvalDecisionEnum = pgEnum('approval_decision', approvalDecisions);
export const notificationKindEnum = pgEnum('notification_kind', notificationKinds);
export const overtimeDayTypeEnum = pgEnum('overtime_day_type', overtimeDayTypes);

/** One level of a flow as snapshotted on a request: the approvers' employee ids, resolved at request time. */
export interface ApprovalFlowSnapshotLevel {
  approvers: string[];
  mode: 'any' | 'all';
}
export interface ApprovalFlowSnapshot {
  /** The flow that matched, or null for the supervisor-then-admin fallback. */
  flow: { id: string; name: string } | null;
  levels: ApprovalFlowSnapshotLevel[];
}

/** A request (spec 3, Approval): what is asked (content), where it stands (status, level) and who decides it. */
export const approvals = pgTable(
  'approvals',
  {
    ...ofEmployeeHistory(),
    context: approvalContextEnum('context').notNull(),
    status: approvalStatusEnum('status').notNull().default('pending'),
    /** `LV-2026-00042`, from approval_counters in the insert's transaction. */
    approval_number: text('approval_number').notNull(),
    /** The request as validated (ids, not names; names are resolved on read). */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** The first and last day the request is about: date filters, overlaps and payroll's pending check. */
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    /** 1-based current level; `levels` in all. */
    level: smallint('level').notNull().default(1),
    levels: smallint('levels').notNull(),
    flow: jsonb('flow').$type<ApprovalFlowSnapshot>().notNull(),
    /** Employee ids who may decide the current level (empty once decided): the inbox reads this. */
    approvers: uuid('approvers').array().notNull().default(sql`'{}'::uuid[]`),
    /** Employee ids named at any level: an approver reads these requests (box `all`). */
    participants: uuid('participants').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    uniqueIndex('approvals_number_key').on(t.company_id, t.approval_number),
    index('approvals_inbox_idx').on(t.company_id, t.status, t.context, t.created_at),
    index('approvals_employee_idx').on(t.employee, t.created_at),
    index('approvals_approvers_idx').using('gin', t.approvers),
    index('approvals_participants_idx').using('gin', t.participants),
    index('approvals_company_dates_idx').on(t.company_id, t.context, t.start_date),
  ],
);

/** Every decision on a request, the requester's withdrawal included: the approval history. */
export const approvalDecisionsTable = pgTable(
  'approval_decisions',
  {
    ...owned,
    approval: uuid('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    decision: approvalDecisionEnum('decision').notNull(),
    /** The user who decided (created_by holds the same). */
    decided_by: uuid('decided_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    /** An admin decided a level they were not an approver of. */
    as_admin: boolean('as_admin').notNull().default(false),
    /** The request's warnings the approver acknowledged with this approval (overtime past its limit, decision 0205). */
    acknowledged_warnings: text('acknowledged_warnings').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index('approval_decisions_approval_idx').on(t.approval, t.level),
    index('approval_decisions_company_idx').on(t.company_id, t.created_at),
  ],
);

/** Who decides which requests (spec 2.2 approval-flow): ordered levels of approvers for members and contexts. */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    ...owned,
    name: text('name').notNull(),
    context: approvalContextEnum('context').array().notNull(),
    /** Leave rules the flow applies to (leave only); empty means every leave type. */
    leave_type: uuid('leave_type').array().notNull().default(sql`'{}'::uuid[]`),
    members: jsonb('members').$type<{ employees: string[]; departments: string[] }>().notNull(),
    levels: jsonb('levels')
      .$type<
        { approvers: ({ type: 'employee'; employee: string } | { type: 'supervisor' })[]; mode: 'any' | 'all' }[]
      >()
      .notNull(),
    /**
     * A department admin's flow: covers that department's members only and is theirs to edit (null: a company-wide
     * flow, the admin's and sub-admin's). docs/decisions/0120.
     */
    department: uuid('department_id').references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('approval_flows_name_key').on(t.company_id, sql`lower(${t.name})`)],
);

/** The last approval number given per company, context and year, incremented in the request's transaction. */
export const approvalCounters = pgTable(
  'approval_counters',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    context: approvalContextEnum('context').notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [uniqueIndex('approval_counters_key').on(t.company_id, t.context, t.year)],
);

/** In-app notifications (spec: repository notifications): a request waits for the user, or was decided. */
export const notifications = pgTable(
  'notifications',
  {
    ...owned,
    user: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    approval: uuid('approval_id').references(() => approvals.id, { onDelete: 'cascade' }),
    /** A portal announcement delivered to the user (kind `announcement`), once. */
    announcement: uuid('announcement_id').references((): AnyPgColumn => announcements.id, { onDelete: 'cascade' }),
    /** A developer's company announcement delivered to an admin (kind `company_announcement`), once per company. */
    company_announcement: uuid('company_announcement_id').references((): AnyPgColumn => companyAnnouncements.id, {
      onDelete: 'cascade',
    }),
    read_at: stamp('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.user, t.created_at),
    uniqueIndex('notifications_announcement_key').on(t.user, t.announcement),
    uniqueIndex('notifications_company_announcement_key').on(t.user, t.company_id, t.company_announcement),
  ],
);

/** Approved overtime (spec 3, Overtime): hours by day type for payroll. */
export const overtimes = pgTable(
  'overtimes',
  {
    ...ofEmployeeHistory(),
    date: date('date').notNull(),
    hours: numeric('hours', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    day_type: overtimeDayTypeEnum('day_type').notNull(),
    start_time: text('start_time'),
    end_time: text('end_time'),
    reason: text('reason'),
    approval: uuid('approval_id').references(() => approvals.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('overtimes_employee_idx').on(t.employee, t.date),
    index('overtimes_company_date_idx').on(t.company_id, t.date),
  ],
);

/** Approved business trips (spec 3, Business trip): the days payroll's business-trip amount counts. */
export const businessTrips = pgTable(
  'business_trips',
  {
    ...ofEmployeeHistory(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    days: smallint('days').notNull(),
    destination: text('destination').notNull(),
    purpose: text('purpose'),
    approval: uuid('approval_id').references(() => approvals.id, { onDelete: 'set null' }),
    /** The duty type (`duty/category`, payroll-references → duty type) the duty-report groups by; null: not given. */
    duty_type: uuid('duty_type_id').references(() => dutyTypes.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('business_trips_employee_idx').on(t.employee, t.start_date),
    index('business_trips_company_date_idx').on(t.company_id, t.start_date),
  ],
);

// Finance (issue 15): employee loans and deposits, settled through the payroll runs (server/finance/README.md).
export const loanInterestTypeEnum = pgEnum('loan_interest_type', ['flat']);
export const loanStatusEnum = pgEnum('loan_status', ['active', 'settled']);
/**
 * loans (spec 3 "Loan"): flat interest on the principal, 1 to 12 monthly installments from the effective month
 * (common/loans.ts). `total_amount` and `remaining_installment` are computed by the database from the terms and the
 * payments; `amount_paid`, `installments_paid` and `status` are kept by server/finance/payments.ts from
 * `loan_payments` (completed runs and early settlements), never written through the API.
 */
export const loans = pgTable(
  'loans',
  {
    ...ofEmployeeHistory(),
    name: text('name').notNull(),
    effective_date: date('effective_date').notNull(),
    amount: money('amount').notNull(),
    installment: smallint('installment').notNull(),
    /** Percent per year, flat on the principal (decision 0064). */
    interest_rate: numeric('interest_rate', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    interest_type: loanInterestTypeEnum('interest_type').notNull().default('flat'),
    description: text('description'),
    attachment: text('attachment'),
    /** Principal plus the flat interest, rounded half up once: the same figure as common/loans.ts `flatSchedule`. */
    total_amount: money('total_amount')
      .notNull()
      .generatedAlwaysAs(sql`amount + round(amount * interest_rate * installment / 1200)::bigint`),
    amount_paid: money('amount_paid').notNull().default(0),
    installments_paid: smallint('installments_paid').notNull().default(0),
    remaining_installment: smallint('remaining_installment')
      .notNull()
      .generatedAlwaysAs(sql`greatest(installment - installments_paid, 0)`),
    status: loanStatusEnum('status').notNull().default('active'),
    /** 'YYYY-MM' months skipped by the "skip a month" action: the schedule moves one month each. */
    skipped_months: text('skipped_months').array().notNull().default(sql`'{}'::text[]`),
    settled_on: date('settled_on'),
  },
  (t) => [
    index('loans_employee_idx').on(t.employee),
    index('loans_company_status_idx').on(t.company_id, t.status),
    check('loans_installment_range', sql`${t.installment} between 1 and 12`),
    check('loans_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const loanPaymentKindEnum = pgEnum('loan_payment_kind', ['payroll', 'settlement']);
/** What was paid on a loan: a completed run's deducted installment, or an early settlement. */
export const loanPayments = pgTable(
  'loan_payments',
  {
    ...owned,
    loan: uuid('loan_id')
      .notNull()
      .references(() => loans.id, { onDelete: 'no action' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    kind: loanPaymentKindEnum('kind').notNull(),
    summary: uuid('summary_id').references(() => payrollSummaries.id, { onDelete: 'cascade' }),
    payslip: uuid('payslip_id'),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    amount: money('amount').notNull(),
    /** Settlements: the date paid. */
    paid_on: date('paid_on'),
    note: text('note'),
  },
  (t) => [index('loan_payments_loan_idx').on(t.loan), index('loan_payments_summary_idx').on(t.summary)],
);

/**
 * deposits (issue 15): a fixed amount withheld from every monthly run until the target is reached (uniform,
 * equipment), paid back in the employee's final pay. `balance` and `returned_amount` are kept from
 * `deposit_payments` by server/finance/payments.ts.
 */
export const deposits = pgTable(
  'deposits',
  {
    ...ofEmployeeHistory(),
    name: text('name').notNull(),
    /** Withheld per run. */
    amount: money('amount').notNull(),
    target: money('target').notNull(),
    start_date: date('start_date').notNull(),
    description: text('description'),
    balance: money('balance').notNull().default(0),
    returned_amount: money('returned_amount').notNull().default(0),
  },
  (t) => [
    index('deposits_employee_idx').on(t.employee),
    check('deposits_amounts_positive', sql`${t.amount} > 0 and ${t.target} >= ${t.amount}`),
  ],
);

export const depositPaymentKindEnum = pgEnum('deposit_payment_kind', ['withheld', 'returned']);
/** A completed run's deposit line: withheld (positive) or returned in the final pay. */
export const depositPayments = pgTable(
  'deposit_payments',
  {
    ...owned,
    deposit: uuid('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'no action' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    kind: depositPaymentKindEnum('kind').notNull(),
    summary: uuid('summary_id')
      .notNull()
      .references(() => payrollSummaries.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [index('deposit_payments_deposit_idx').on(t.deposit), index('deposit_payments_summary_idx').on(t.summary)],
);

/**
 * The demo's history (a year of attendance, two years of payroll runs, approvals, loans), filled step by step after the
 * server answers (server/seed/fill.ts, docs/decisions/0080). The core seed's transaction writes every step's row; each
 * step's transaction writes its data and its `done_at` together, so a stopped fill resumes at the first step not done.
 */
export const demoFillSteps = pgTable('demo_fill_steps', {
  step: text('step').primaryKey(),
  position: integer('position').notNull(),
  /** The seed's day: every step's dates are offsets from the day the core was written. */
  today: date('today').notNull(),
  done_at: stamp('done_at'),
});

// ---- Portal (issue 28): the company's announcements, warning letters, useful links and ID cards (server/portal/) ----

const idList = (name: string) => uuid(name).array().notNull().default(sql`'{}'::uuid[]`);

/**
 * A company's own announcement (portal → announcements, spec 3 "Announcement (portal)"). The audience is every
 * employee of the company matching each non-empty target list (empty lists: everyone); `content` is rich text,
 * sanitised on the server before it is stored (server/portal/README.md).
 */
export const announcements = pgTable(
  'announcements',
  {
    ...owned,
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    employees: idList('employee_ids'),
    job_titles: idList('job_title_ids'),
    locations: idList('location_ids'),
    sub_departments: idList('sub_department_ids'),
    departments: idList('department_ids'),
  },
  (t) => [
    index('announcements_dates_idx').on(t.company_id, t.start_date, t.end_date),
    check('announcements_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** Who read an announcement and when (the author's "212 of 240 read"); its notification went out with the row. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    announcement: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** When the announcement was first delivered to the employee (the one notification). */
    notified_at: stamp('notified_at').notNull().defaultNow(),
    read_at: stamp('read_at'),
  },
  (t) => [uniqueIndex('announcement_reads_key').on(t.announcement, t.employee)],
);

export const warningLetterTypeEnum = pgEnum('warning_letter_type', warningLetterTypes);

/** A warning letter (surat peringatan, spec 3): private like salary data (server/portal/README.md). */
export const warningLetters = pgTable(
  'warning_letters',
  {
    ...owned,
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    type: warningLetterTypeEnum('type').notNull(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    description: text('description').notNull().default(''),
    /** An uploaded PDF (`/v1/files?accept=attachment`), read through the letter's own route. */
    attachment: text('attachment'),
  },
  (t) => [
    index('warning_letters_employee_idx').on(t.employee, t.start_date),
    check('warning_letters_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/**
 * A warning letter's PDF as issued (decision 0200): rendered once per language when the letter is issued (and again,
 * as a new row, when its own fields are edited: `letter_version`), stored as a company file (`file`: `files.name`,
 * an attachment-type file served only through the letter's routes) and served from then on, so later changes of the
 * letterhead, signature or employee never change a letter already issued.
 */
export const warningLetterDocuments = pgTable(
  'warning_letter_documents',
  {
    ...owned,
    letter: uuid('letter_id')
      .notNull()
      .references(() => warningLetters.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    letter_version: integer('letter_version').notNull(),
    file: text('file').notNull(),
  },
  (t) => [uniqueIndex('warning_letter_documents_letter_idx').on(t.letter, t.language, t.letter_version)],
);

/** A useful link (spec 3) shown on home to its audience (empty target lists: everyone). */
export const usefulLinks = pgTable('useful_links', {
  ...owned,
  display: text('display').notNull(),
  link: text('link').notNull(),
  departments: idList('department_ids'),
  sub_departments: idList('sub_department_ids'),
  locations: idList('location_ids'),
  job_titles: idList('job_title_ids'),
});

/** The company's ID card design (id-card customiser): one row a company, the design as JSON (common/id-card.ts). */
export const idCardDesigns = pgTable(
  'id_card_designs',
  {
    ...owned,
    design: jsonb('design').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('id_card_designs_company_key').on(t.company_id)],
);

// KPI (spec 2.3 kpi, 3 "KPI indicator, flow, rule"; decision 0185).
export const kpiTargetTypeEnum = pgEnum('kpi_target_type', kpiTargetTypes);
export const kpiPeriodTypeEnum = pgEnum('kpi_period_type', kpiPeriodTypes);
export const kpiAssessmentStatusEnum = pgEnum('kpi_assessment_status', ['open', 'completed']);

/** What is measured: a category, the indicator, its weight and how a value reaches its target. */
export const kpiIndicators = pgTable(
  'kpi_indicators',
  {
    ...owned,
    category: text('category').notNull(),
    indicator: text('indicator').notNull(),
    weight: integer('weight').notNull().default(10),
    target_type: kpiTargetTypeEnum('target_type').notNull().default('higher_better'),
    /** The value that is 100% (higher or lower is better); null: the value typed is the achievement (0–100). */
    target: numeric('target', { precision: 14, scale: 2, mode: 'number' }),
    unit: text('unit'),
  },
  (t) => [uniqueIndex('kpi_indicators_name_key').on(t.company_id, sql`lower(${t.indicator})`)],
);

/** Who assesses, in order: supervisor, department head, named employees, the employee themselves. */
export const kpiFlows = pgTable(
  'kpi_flows',
  {
    ...owned,
    name: text('name').notNull(),
    assessors: jsonb('assessors').$type<KpiAssessor[]>().notNull(),
  },
  (t) => [uniqueIndex('kpi_flows_name_key').on(t.company_id, sql`lower(${t.name})`)],
);

/** Which employees (by department, job title or by name) are assessed on which indicators, through which flow. */
export const kpiRules = pgTable(
  'kpi_rules',
  {
    ...owned,
    name: text('name').notNull(),
    departments: uuid('departments').array().notNull().default(sql`'{}'::uuid[]`),
    job_titles: uuid('job_titles').array().notNull().default(sql`'{}'::uuid[]`),
    employees: uuid('employees').array().notNull().default(sql`'{}'::uuid[]`),
    flow: uuid('flow_id')
      .notNull()
      .references(() => kpiFlows.id, { onDelete: 'no action' }),
    indicators: uuid('indicators').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [uniqueIndex('kpi_rules_name_key').on(t.company_id, sql`lower(${t.name})`)],
);

/** One rule's assessment of a period (a month, quarter or year); completed: locked, its results stored. */
export const kpiAssessments = pgTable(
  'kpi_assessments',
  {
    ...owned,
    rule: uuid('rule_id')
      .notNull()
      .references(() => kpiRules.id, { onDelete: 'no action' }),
    period_type: kpiPeriodTypeEnum('period_type').notNull(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    status: kpiAssessmentStatusEnum('status').notNull().default('open'),
    completed_at: stamp('completed_at'),
    completed_by: uuid('completed_by'),
    /** When the period's payroll bonus was written as payroll items, and for which month (YYYY-MM): once only. */
    bonus_written_at: stamp('bonus_written_at'),
    bonus_month: text('bonus_month'),
  },
  (t) => [uniqueIndex('kpi_assessments_period_key').on(t.rule, t.period_type, t.start_date)],
);

/** One assessor's scores of one employee in a period (one flow step): values by indicator id. */
export const kpiEntries = pgTable(
  'kpi_entries',
  {
    ...owned,
    assessment: uuid('assessment_id')
      .notNull()
      .references(() => kpiAssessments.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    step: smallint('step').notNull(),
    assessor: uuid('assessor_id').references(() => employees.id, { onDelete: 'no action' }),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    submitted_at: stamp('submitted_at'),
    submitted_by: uuid('submitted_by'),
  },
  (t) => [uniqueIndex('kpi_entries_step_key').on(t.assessment, t.employee, t.step)],
);

/** A completed period's result per employee: history, kept as it was when the period was locked. */
export const kpiResults = pgTable(
  'kpi_results',
  {
    ...owned,
    assessment: uuid('assessment_id')
      .notNull()
      .references(() => kpiAssessments.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'no action' }),
    employee_name: text('employee_name').notNull(),
    employee_number: text('employee_number').notNull(),
    department: uuid('department_id'),
    department_name: text('department_name'),
    rule_name: text('rule_name').notNull(),
    score: numeric('score', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    rank: integer('rank').notNull(),
    formula: text('formula').notNull(),
    lines: jsonb('lines')
      .$type<{ category: string; indicator: string; weight: number; achievement: number }[]>()
      .notNull(),
  },
  (t) => [
    uniqueIndex('kpi_results_employee_key').on(t.assessment, t.employee),
    index('kpi_results_employee_idx').on(t.employee),
  ],
);

/** Where an access request (spec 3, Access request) stands: the platform works it off as todo, progress, done. */
export const accessRequestStatuses = ['todo', 'progress', 'done'] as const;
export const accessRequestStatusEnum = pgEnum('access_request_status', accessRequestStatuses);

/**
 * A company user's request to the platform for access to a feature or menu (admin menu request-access); the developer
 * works them off in the `access` list, changing only the status (issue 26, server/access/).
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    ...owned,
    /** Who asked; the request stays when the account goes. */
    user: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').notNull(),
    status: accessRequestStatusEnum('status').notNull().default('todo'),
  },
  (t) => [index('access_requests_created_idx').on(t.created_at), index('access_requests_company_idx').on(t.company_id)],
);

/**
 * Developer area → banners (Ads; spec 2.2, 3 "Banner"): title, description, redirect link and an uploaded image (png,
 * jpg or gif, checked by content). A banner is current from `start_date` to `end_date` (either open) and shows on
 * every company user's home until that user dismisses it (`banner_dismissals`). Platform data: no company.
 */
export const banners = pgTable(
  'banners',
  {
    ...base,
    title: text('title').notNull(),
    description: text('description'),
    link: text('link'),
    image_url: text('image_url'),
    start_date: date('start_date'),
    end_date: date('end_date'),
  },
  (t) => [
    index('banners_dates_idx').on(t.start_date, t.end_date),
    check(
      'banners_dates_check',
      sql`${t.end_date} is null or ${t.start_date} is null or ${t.end_date} >= ${t.start_date}`,
    ),
  ],
);

/** A user's "don't show again" on a banner, kept on the server so it holds on every device. */
export const bannerDismissals = pgTable(
  'banner_dismissals',
  {
    banner: uuid('banner_id')
      .notNull()
      .references(() => banners.id, { onDelete: 'cascade' }),
    user: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.banner, t.user] })],
);

/**
 * Developer area → announcements-company (spec 2.2, 3 "Announcement (company level)"): the platform's word to the
 * admins of chosen companies, shown on their home and as a notification from `start_date` to `end_date`.
 */
export const companyAnnouncements = pgTable(
  'company_announcements',
  {
    ...base,
    title: text('title').notNull(),
    content: text('content').notNull(),
    start_date: date('start_date').notNull(),
    end_date: date('end_date').notNull(),
    companies: uuid('company_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('company_announcements_dates_idx').on(t.start_date, t.end_date),
    check('company_announcements_dates_check', sql`${t.end_date} >= ${t.start_date}`),
  ],
);

// Job reports (issue 29): an employee reports a job done. Minimal tables for the job-report (server/reports/); the sales
// screens (job recap) own their editing. A category is a company code-name list (`job-report/category`).
export const jobReportCategories = codeNameList('job_report_categories');
export const jobReports = pgTable(
  'job_reports',
  {
    ...ofEmployeeHistory(),
    date: date('date').notNull(),
    category: uuid('category_id').references(() => jobReportCategories.id, { onDelete: 'no action' }),
    description: text('description'),
    /** How long the job took, in minutes. */
    duration_minutes: integer('duration_minutes').notNull().default(0),
    /** A stored file's name (`/v1/files/{name}`). */
    photo: text('photo'),
  },
  (t) => [
    index('job_reports_company_date_idx').on(t.company_id, t.date),
    index('job_reports_employee_idx').on(t.employee, t.date),
  ],
);

// Sales (issue 29), shown only where the company's `sales_menu` feature is on (spec 6). A store is a place the sales
// team visits, with the employees assigned to it; a visit is recorded by the employee on the spot (position checked
// against the store's radius like a clock-in); an objective is an employee's target for a month.
export const storeLocations = pgTable(
  'store_locations',
  {
    ...owned,
    code: text('code').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    /** Metres around the position within which a visit counts as on site. */
    radius: integer('radius').notNull().default(100),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('store_locations_code_key').on(t.company_id, sql`lower(${t.code})`),
    check('store_locations_radius_check', sql`${t.radius} > 0`),
  ],
);
/** The sales employees assigned to a store (who may record visits there). */
export const storeLocationEmployees = pgTable(
  'store_location_employees',
  {
    ...ofEmployee(),
    store_location: uuid('store_location_id')
      .notNull()
      .references(() => storeLocations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('store_location_employees_key').on(t.store_location, t.employee),
    index('store_location_employees_employee_idx').on(t.employee),
  ],
);
/** A visit to a store: history (it stays when the store or assignment changes). */
export const salesVisits = pgTable(
  'sales_visits',
  {
    ...ofEmployeeHistory(),
    store_location: uuid('store_location_id')
      .notNull()
      .references(() => storeLocations.id, { onDelete: 'no action' }),
    visited_at: stamp('visited_at').notNull(),
    /** The visit's day in the company's time zone (what reports and objectives group by). */
    date: date('date').notNull(),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'number' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'number' }),
    /** Metres from the store's position when recorded; null when either position is unknown. */
    distance_m: integer('distance_m'),
    within_radius: boolean('within_radius').notNull().default(false),
    note: text('note'),
    /** A stored file's name (`/v1/files/{name}`). */
    photo: text('photo'),
    order_value: money('order_value').notNull().default(0),
  },
  (t) => [
    index('sales_visits_company_date_idx').on(t.company_id, t.date),
    index('sales_visits_employee_idx').on(t.employee, t.date),
    index('sales_visits_store_idx').on(t.store_location, t.date),
    check('sales_visits_order_value_check', sql`${t.order_value} >= 0`),
  ],
);
/** An employee's targets for a month; achievement is computed from their visits (never stored). */
export const salesObjectives = pgTable(
  'sales_objectives',
  {
    ...ofEmployee(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    visits_target: integer('visits_target').notNull().default(0),
    /** Stores whose first visit ever falls in the month and is this employee's. */
    new_stores_target: integer('new_stores_target').notNull().default(0),
    order_value_target: money('order_value_target').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sales_objectives_employee_period_key').on(t.employee, t.year, t.month),
    index('sales_objectives_company_period_idx').on(t.company_id, t.year, t.month),
    check('sales_objectives_month_check', sql`${t.month} between 1 and 12`),
    check(
      'sales_objectives_targets_check',
      sql`${t.visits_target} >= 0 and ${t.new_stores_target} >= 0 and ${t.order_value_target} >= 0`,
    ),
  ],
);

/** One stored exit pay line: the engine's figure, the agreed amount and why it differs (decision 0170). */
export interface StoredExitLine {
  code: ExitPayCode;
  computed: number;
  amount: number;
  reason: string | null;
  explain: Record<string, string | number>;
}

/**
 * What an exit owes (server/severance/): computed at the exit from PP 35/2021's tables, the cause and the company's
 * rules, edited with a reason, paid in the exit month's run as its own lines (decision 0170).
 */
export const employeeExitPays = pgTable(
  'employee_exit_pays',
  {
    ...owned,
    // An employee who may be deleted has no payslip, so no exit pay was paid: it goes with them.
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    cause: exitCauseEnum('cause').notNull(),
    exit_date: date('exit_date').notNull(),
    join_date: date('join_date').notNull(),
    /** Basic + fixed allowances a month at the exit. */
    wage: money('wage').notNull(),
    service_months: integer('service_months').notNull(),
    leave_days: numeric('leave_days', { precision: 6, scale: 1, mode: 'number' }).notNull().default(0),
    lines: jsonb('lines').$type<StoredExitLine[]>().notNull(),
  },
  (t) => [
    uniqueIndex('employee_exit_pays_employee_exit_key').on(t.employee, t.exit_date),
    index('employee_exit_pays_company_idx').on(t.company_id, t.exit_date),
  ],
);

/**
 * The PTKP status history (decision 0173): the status from a date, written by a trigger when
 * `employees.marital_status` changes (the first change also records the status before it, from null). The runs read
 * the status of 1 January of the tax year.
 */
export const employeePtkpStatuses = pgTable(
  'employee_ptkp_statuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    employee: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    status: maritalStatusEnum('status').notNull(),
    from: date('from_date'),
  },
  (t) => [index('employee_ptkp_statuses_employee_idx').on(t.employee)],
);
