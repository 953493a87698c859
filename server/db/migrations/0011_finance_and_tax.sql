CREATE TYPE "public"."deposit_payment_kind" AS ENUM('withheld', 'returned');--> statement-breakpoint
CREATE TYPE "public"."loan_interest_type" AS ENUM('flat');--> statement-breakpoint
CREATE TYPE "public"."loan_payment_kind" AS ENUM('payroll', 'settlement');--> statement-breakpoint
CREATE TYPE "public"."loan_status" AS ENUM('active', 'settled');--> statement-breakpoint
CREATE TABLE "company_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"cert_name" text NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"selected" boolean DEFAULT false NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"deposit_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" "deposit_payment_kind" NOT NULL,
	"summary_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount" bigint NOT NULL,
	"target" bigint NOT NULL,
	"start_date" date NOT NULL,
	"description" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"returned_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "deposits_amounts_positive" CHECK ("deposits"."amount" > 0 and "deposits"."target" >= "deposits"."amount")
);
--> statement-breakpoint
CREATE TABLE "loan_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" "loan_payment_kind" NOT NULL,
	"summary_id" uuid,
	"payslip_id" uuid,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"name" text NOT NULL,
	"effective_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"installment" smallint NOT NULL,
	"interest_rate" numeric(5, 2) DEFAULT 0 NOT NULL,
	"interest_type" "loan_interest_type" DEFAULT 'flat' NOT NULL,
	"description" text,
	"attachment" text,
	"total_amount" bigint GENERATED ALWAYS AS (amount + round(amount * interest_rate * installment / 1200)::bigint) STORED NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"installments_paid" smallint DEFAULT 0 NOT NULL,
	"remaining_installment" smallint GENERATED ALWAYS AS (greatest(installment - installments_paid, 0)) STORED NOT NULL,
	"status" "loan_status" DEFAULT 'active' NOT NULL,
	"skipped_months" text[] DEFAULT '{}'::text[] NOT NULL,
	"settled_on" date,
	CONSTRAINT "loans_installment_range" CHECK ("loans"."installment" between 1 and 12),
	CONSTRAINT "loans_amount_positive" CHECK ("loans"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_signatures" ADD CONSTRAINT "company_signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD CONSTRAINT "deposit_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD CONSTRAINT "deposit_payments_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD CONSTRAINT "deposit_payments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_payments" ADD CONSTRAINT "deposit_payments_summary_id_payroll_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."payroll_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_summary_id_payroll_summaries_id_fk" FOREIGN KEY ("summary_id") REFERENCES "public"."payroll_summaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_certificates_company_idx" ON "company_certificates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_signatures_company_idx" ON "company_signatures" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_signatures_selected_key" ON "company_signatures" USING btree ("company_id") WHERE "company_signatures"."selected";--> statement-breakpoint
CREATE INDEX "deposit_payments_deposit_idx" ON "deposit_payments" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "deposit_payments_summary_idx" ON "deposit_payments" USING btree ("summary_id");--> statement-breakpoint
CREATE INDEX "deposits_employee_idx" ON "deposits" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "loan_payments_loan_idx" ON "loan_payments" USING btree ("loan_id");--> statement-breakpoint
CREATE INDEX "loan_payments_summary_idx" ON "loan_payments" USING btree ("summary_id");--> statement-breakpoint
CREATE INDEX "loans_employee_idx" ON "loans" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "loans_company_status_idx" ON "loans" USING btree ("company_id","status");