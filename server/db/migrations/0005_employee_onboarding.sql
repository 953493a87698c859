CREATE TABLE "employee_onboardings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"fullname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"department_id" uuid,
	"job_title_id" uuid,
	"location_id" uuid,
	"status" "employment_status" DEFAULT 'probation' NOT NULL,
	"contract_start_date" date,
	"contract_end_date" date,
	"link" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_onboardings_email_key" ON "employee_onboardings" USING btree ("company_id",lower("email"));--> statement-breakpoint
CREATE INDEX "employee_onboardings_contract_idx" ON "employee_onboardings" USING btree ("company_id","contract_start_date");