CREATE TABLE "job_report_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"category_id" uuid,
	"description" text,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"photo" text
);
--> statement-breakpoint
ALTER TABLE "business_trips" ADD COLUMN "duty_type_id" uuid;--> statement-breakpoint
ALTER TABLE "job_report_categories" ADD CONSTRAINT "job_report_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_category_id_job_report_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."job_report_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_report_categories_code_key" ON "job_report_categories" USING btree ("company_id",lower("code"));--> statement-breakpoint
CREATE INDEX "job_reports_company_date_idx" ON "job_reports" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "job_reports_employee_idx" ON "job_reports" USING btree ("employee_id","date");--> statement-breakpoint
ALTER TABLE "business_trips" ADD CONSTRAINT "business_trips_duty_type_id_duty_types_id_fk" FOREIGN KEY ("duty_type_id") REFERENCES "public"."duty_types"("id") ON DELETE set null ON UPDATE no action;