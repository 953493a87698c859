CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link" text
);
--> statement-breakpoint
ALTER TABLE "employee_allowances" DROP CONSTRAINT "employee_allowances_reference_id_allowances_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_bonuses" DROP CONSTRAINT "employee_bonuses_reference_id_bonuses_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_deductions" DROP CONSTRAINT "employee_deductions_reference_id_deductions_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_incentives" DROP CONSTRAINT "employee_incentives_reference_id_incentives_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_onboardings" DROP CONSTRAINT "employee_onboardings_department_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_onboardings" DROP CONSTRAINT "employee_onboardings_job_title_id_job_titles_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_onboardings" DROP CONSTRAINT "employee_onboardings_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_roles" DROP CONSTRAINT "employee_roles_department_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_department_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_sub_department_id_sub_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_job_title_id_job_titles_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_role_id_employee_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "employees" DROP CONSTRAINT "employees_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "sub_departments" DROP CONSTRAINT "sub_departments_department_id_departments_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_access_role_id_access_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "employee_allowances" ADD CONSTRAINT "employee_allowances_reference_id_allowances_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."allowances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_bonuses" ADD CONSTRAINT "employee_bonuses_reference_id_bonuses_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."bonuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_deductions" ADD CONSTRAINT "employee_deductions_reference_id_deductions_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."deductions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_incentives" ADD CONSTRAINT "employee_incentives_reference_id_incentives_id_fk" FOREIGN KEY ("reference_id") REFERENCES "public"."incentives"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_onboardings" ADD CONSTRAINT "employee_onboardings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_roles" ADD CONSTRAINT "employee_roles_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_sub_department_id_sub_departments_id_fk" FOREIGN KEY ("sub_department_id") REFERENCES "public"."sub_departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_role_id_employee_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."employee_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_departments" ADD CONSTRAINT "sub_departments_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_access_role_id_access_roles_id_fk" FOREIGN KEY ("access_role_id") REFERENCES "public"."access_roles"("id") ON DELETE no action ON UPDATE no action;