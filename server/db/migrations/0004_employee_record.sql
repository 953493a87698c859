CREATE TYPE "public"."driver_lisence_type" AS ENUM('A', 'B1', 'B2', 'C', 'D');--> statement-breakpoint
CREATE TYPE "public"."history_type" AS ENUM('case', 'achievement');--> statement-breakpoint
CREATE TYPE "public"."pph_method" AS ENUM('gross', 'gross_up');--> statement-breakpoint
CREATE TABLE "employee_allowances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"reference_id" uuid,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "employee_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"name" text NOT NULL,
	"attachment" text
);
--> statement-breakpoint
CREATE TABLE "employee_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"reference_id" uuid,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "employee_deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"reference_id" uuid,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "employee_educations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"institute_name" text NOT NULL,
	"title" text,
	"major" text,
	"grad_year" smallint
);
--> statement-breakpoint
CREATE TABLE "employee_emergency_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "employee_histories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" "history_type" NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "employee_incentives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"reference_id" uuid,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "employee_thr_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"thr" bigint DEFAULT 0 NOT NULL,
	"yearly_bonus" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_work_experiences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"job_title" text,
	"start_date" date,
	"end_date" date
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "marriage_date" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "poa_id" uuid;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "pcho_id" uuid;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "assigned_by_id" uuid;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "thp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "pph_deduction" "pph_method" DEFAULT 'gross' NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "tax_id_valid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "driver_lisence_number" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "driver_lisence_type" "driver_lisence_type";--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "bpjs_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "bpjs_tk_salary" bigint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "bpjs_ks_salary" bigint;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "jkk_percentage" numeric(4, 2);--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_address" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_rt" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_rw" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_postal_code" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_province" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_city" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_district" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "id_card_sub_district" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "same_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_address" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_rt" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_rw" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_postal_code" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_province" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_city" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_district" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "domicile_sub_district" text;--> statement-breakpoint
ALTER TABLE "employee_allowances" ADD CONSTRAINT "employee_allowances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_allowances" ADD CONSTRAINT "employee_allowances_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_allowances" ADD CONSTRAINT "employee_allowances_reference_id_allowances_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."allowances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_attachments" ADD CONSTRAINT "employee_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_attachments" ADD CONSTRAINT "employee_attachments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_bonuses" ADD CONSTRAINT "employee_bonuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_bonuses" ADD CONSTRAINT "employee_bonuses_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_bonuses" ADD CONSTRAINT "employee_bonuses_reference_id_bonuses_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."bonuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_deductions" ADD CONSTRAINT "employee_deductions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_deductions" ADD CONSTRAINT "employee_deductions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_deductions" ADD CONSTRAINT "employee_deductions_reference_id_deductions_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."deductions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_educations" ADD CONSTRAINT "employee_educations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_educations" ADD CONSTRAINT "employee_educations_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_emergency_contacts" ADD CONSTRAINT "employee_emergency_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_emergency_contacts" ADD CONSTRAINT "employee_emergency_contacts_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_histories" ADD CONSTRAINT "employee_histories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_histories" ADD CONSTRAINT "employee_histories_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_incentives" ADD CONSTRAINT "employee_incentives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_incentives" ADD CONSTRAINT "employee_incentives_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_incentives" ADD CONSTRAINT "employee_incentives_reference_id_incentives_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."incentives"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_thr_bonuses" ADD CONSTRAINT "employee_thr_bonuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_thr_bonuses" ADD CONSTRAINT "employee_thr_bonuses_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_work_experiences" ADD CONSTRAINT "employee_work_experiences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_work_experiences" ADD CONSTRAINT "employee_work_experiences_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_allowances_employee_idx" ON "employee_allowances" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE INDEX "employee_attachments_employee_idx" ON "employee_attachments" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_bonuses_employee_idx" ON "employee_bonuses" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE INDEX "employee_deductions_employee_idx" ON "employee_deductions" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE INDEX "employee_educations_employee_idx" ON "employee_educations" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_emergency_contacts_employee_idx" ON "employee_emergency_contacts" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_histories_employee_idx" ON "employee_histories" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "employee_incentives_employee_idx" ON "employee_incentives" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_thr_bonuses_month_key" ON "employee_thr_bonuses" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE INDEX "employee_work_experiences_employee_idx" ON "employee_work_experiences" USING btree ("employee_id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_role_id_employee_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."employee_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;