CREATE TYPE "public"."job_status" AS ENUM('queued', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TYPE "public"."kop_template" AS ENUM('default', 'letterhead');--> statement-breakpoint
CREATE TYPE "public"."payroll_run_status" AS ENUM('pending', 'completed');--> statement-breakpoint
CREATE TYPE "public"."payroll_run_type" AS ENUM('payroll_run', 'thr', 'weekly');--> statement-breakpoint
CREATE TABLE "bulk_undo" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_undo_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch" uuid NOT NULL,
	"table_name" text NOT NULL,
	"inserted" uuid[],
	"before" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"menu" text NOT NULL,
	"status" "job_status" DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_summaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" "payroll_run_type" NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"status" "payroll_run_status" DEFAULT 'pending' NOT NULL,
	"holiday_date" date,
	"period_start" date,
	"period_end" date,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"employee_count" integer DEFAULT 0 NOT NULL,
	"total_bruto" bigint DEFAULT 0 NOT NULL,
	"total_pph21" bigint DEFAULT 0 NOT NULL,
	"total_thp" bigint DEFAULT 0 NOT NULL,
	"total_bpjs_employee" bigint DEFAULT 0 NOT NULL,
	"total_bpjs_company" bigint DEFAULT 0 NOT NULL,
	"man_fee_calculation" jsonb,
	"acknowledged_warnings" jsonb,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "payslips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"summary_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employee_number" text NOT NULL,
	"fullname" text NOT NULL,
	"department_id" uuid,
	"department_name" text,
	"location_id" uuid,
	"location_name" text,
	"job_title_name" text,
	"input" jsonb NOT NULL,
	"edits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"bruto" bigint DEFAULT 0 NOT NULL,
	"pph21" bigint DEFAULT 0 NOT NULL,
	"thp" bigint DEFAULT 0 NOT NULL,
	"bpjs_employee" bigint DEFAULT 0 NOT NULL,
	"bpjs_company" bigint DEFAULT 0 NOT NULL,
	"bpjs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kop_template" "kop_template" DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hq_initial" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "umr" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ump" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bpjs_tk_no" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_person_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "taxable_date" date;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_summaries" ADD CONSTRAINT "payroll_summaries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_summary_id_payroll_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."payroll_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payslips" ADD CONSTRAINT "payslips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_undo_batch_idx" ON "bulk_undo" USING btree ("batch");--> statement-breakpoint
CREATE INDEX "jobs_company_idx" ON "jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "payroll_summaries_period_idx" ON "payroll_summaries" USING btree ("company_id","type","year","month");--> statement-breakpoint
CREATE INDEX "payroll_summaries_status_idx" ON "payroll_summaries" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payslips_summary_employee_key" ON "payslips" USING btree ("summary_id","employee_id");--> statement-breakpoint
CREATE INDEX "payslips_employee_idx" ON "payslips" USING btree ("employee_id","summary_id");--> statement-breakpoint
CREATE INDEX "payslips_company_idx" ON "payslips" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_person_id_employees_id_fk" FOREIGN KEY ("tax_person_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_jkk_percentage_check" CHECK ("companies"."jkk_percentage" in ('0', '0.24', '0.54', '0.89', '1.27', '1.74'));