CREATE TYPE "public"."exit_cause" AS ENUM('resign', 'absent_resign', 'contract_end', 'merger', 'takeover', 'takeover_refused', 'efficiency_losses', 'efficiency', 'closure_losses', 'closure', 'force_majeure_closure', 'force_majeure', 'pkpu_losses', 'pkpu', 'bankruptcy', 'employer_violation', 'misconduct', 'serious_misconduct', 'detained', 'long_illness', 'retirement', 'death');--> statement-breakpoint
CREATE TABLE "employee_exit_pays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"cause" "exit_cause" NOT NULL,
	"exit_date" date NOT NULL,
	"join_date" date NOT NULL,
	"wage" bigint NOT NULL,
	"service_months" integer NOT NULL,
	"leave_days" numeric(6, 1) DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_ptkp_statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"status" "marital_status" NOT NULL,
	"from_date" date
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "separation_pay_months" numeric(4, 2) DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "home_return_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "tax_resident_from" date;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "tax_resident_to" date;--> statement-breakpoint
ALTER TABLE "employee_exit_pays" ADD CONSTRAINT "employee_exit_pays_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_exit_pays" ADD CONSTRAINT "employee_exit_pays_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_ptkp_statuses" ADD CONSTRAINT "employee_ptkp_statuses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_ptkp_statuses" ADD CONSTRAINT "employee_ptkp_statuses_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_exit_pays_employee_exit_key" ON "employee_exit_pays" USING btree ("employee_id","exit_date");--> statement-breakpoint
CREATE INDEX "employee_exit_pays_company_idx" ON "employee_exit_pays" USING btree ("company_id","exit_date");--> statement-breakpoint
CREATE INDEX "employee_ptkp_statuses_employee_idx" ON "employee_ptkp_statuses" USING btree ("employee_id");