CREATE TYPE "public"."kpi_assessment_status" AS ENUM('open', 'completed');--> statement-breakpoint
CREATE TYPE "public"."kpi_period_type" AS ENUM('month', 'quarter', 'year');--> statement-breakpoint
CREATE TYPE "public"."kpi_target_type" AS ENUM('higher_better', 'lower_better', 'yes_no');--> statement-breakpoint
CREATE TABLE "kpi_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"rule_id" uuid NOT NULL,
	"period_type" "kpi_period_type" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" "kpi_assessment_status" DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"bonus_written_at" timestamp with time zone,
	"bonus_month" text
);
--> statement-breakpoint
CREATE TABLE "kpi_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"step" smallint NOT NULL,
	"assessor_id" uuid,
	"values" jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "kpi_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"assessors" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_indicators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"category" text NOT NULL,
	"indicator" text NOT NULL,
	"weight" integer DEFAULT 10 NOT NULL,
	"target_type" "kpi_target_type" DEFAULT 'higher_better' NOT NULL,
	"target" numeric(14, 2),
	"unit" text
);
--> statement-breakpoint
CREATE TABLE "kpi_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"employee_name" text NOT NULL,
	"employee_number" text NOT NULL,
	"department_id" uuid,
	"department_name" text,
	"rule_name" text NOT NULL,
	"score" numeric(6, 2) NOT NULL,
	"rank" integer NOT NULL,
	"formula" text NOT NULL,
	"lines" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"departments" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"job_titles" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"employees" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"flow_id" uuid NOT NULL,
	"indicators" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kpi_assessments" ADD CONSTRAINT "kpi_assessments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_assessments" ADD CONSTRAINT "kpi_assessments_rule_id_kpi_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."kpi_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_entries" ADD CONSTRAINT "kpi_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_entries" ADD CONSTRAINT "kpi_entries_assessment_id_kpi_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."kpi_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_entries" ADD CONSTRAINT "kpi_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_entries" ADD CONSTRAINT "kpi_entries_assessor_id_employees_id_fk" FOREIGN KEY ("assessor_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_flows" ADD CONSTRAINT "kpi_flows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_indicators" ADD CONSTRAINT "kpi_indicators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_results" ADD CONSTRAINT "kpi_results_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_results" ADD CONSTRAINT "kpi_results_assessment_id_kpi_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."kpi_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_results" ADD CONSTRAINT "kpi_results_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_rules" ADD CONSTRAINT "kpi_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_rules" ADD CONSTRAINT "kpi_rules_flow_id_kpi_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."kpi_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_assessments_period_key" ON "kpi_assessments" USING btree ("rule_id","period_type","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_entries_step_key" ON "kpi_entries" USING btree ("assessment_id","employee_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_flows_name_key" ON "kpi_flows" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_indicators_name_key" ON "kpi_indicators" USING btree ("company_id",lower("indicator"));--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_results_employee_key" ON "kpi_results" USING btree ("assessment_id","employee_id");--> statement-breakpoint
CREATE INDEX "kpi_results_employee_idx" ON "kpi_results" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_rules_name_key" ON "kpi_rules" USING btree ("company_id",lower("name"));