CREATE TYPE "public"."attendance_group_type" AS ENUM('fixed_schedule', 'working_shift', 'free_shift');--> statement-breakpoint
CREATE TYPE "public"."attendance_source" AS ENUM('clock', 'import', 'correction');--> statement-breakpoint
CREATE TYPE "public"."clock_status" AS ENUM('on_time', 'late', 'early', 'missed');--> statement-breakpoint
CREATE TYPE "public"."leave_calculation" AS ENUM('work_day', 'calendar_day');--> statement-breakpoint
CREATE TYPE "public"."leave_distribution" AS ENUM('annual', 'monthly');--> statement-breakpoint
CREATE TYPE "public"."leave_quota_type" AS ENUM('fixed', 'unlimited');--> statement-breakpoint
CREATE TYPE "public"."leave_status" AS ENUM('pending', 'approved', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."leave_unit" AS ENUM('day', 'hour', 'half_day');--> statement-breakpoint
CREATE TYPE "public"."shift_type" AS ENUM('full_day', 'off_day', 'free_working_day', 'standby', 'long_shift');--> statement-breakpoint
CREATE TABLE "attendance_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"attendance_id" uuid NOT NULL,
	"field" text NOT NULL,
	"old_value" timestamp with time zone,
	"new_value" timestamp with time zone,
	"reason" text,
	"approval_id" uuid
);
--> statement-breakpoint
CREATE TABLE "attendance_group_members" (
	"company_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" "attendance_group_type" DEFAULT 'fixed_schedule' NOT NULL,
	"auto_closed" boolean DEFAULT false NOT NULL,
	"allowed_offsite_clock_in" boolean DEFAULT false NOT NULL,
	"allowed_offsite_clock_out" boolean DEFAULT false NOT NULL,
	"manager_id" uuid,
	"schedule" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"shift_id" uuid,
	"shift_start" text,
	"shift_finish" text,
	"clock_in" timestamp with time zone,
	"clock_out" timestamp with time zone,
	"clock_in_status" "clock_status",
	"clock_out_status" "clock_status",
	"late_minutes" integer DEFAULT 0 NOT NULL,
	"early_minutes" integer DEFAULT 0 NOT NULL,
	"clock_in_latitude" numeric(9, 6),
	"clock_in_longitude" numeric(9, 6),
	"clock_out_latitude" numeric(9, 6),
	"clock_out_longitude" numeric(9, 6),
	"clock_in_offsite" boolean DEFAULT false NOT NULL,
	"clock_out_offsite" boolean DEFAULT false NOT NULL,
	"note" text,
	"source" "attendance_source" DEFAULT 'clock' NOT NULL,
	"original_clock_in" timestamp with time zone,
	"original_clock_out" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "leave_balance_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"leave_rule_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"amount" numeric(6, 2) NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "leave_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"distribution" "leave_distribution" DEFAULT 'annual' NOT NULL,
	"calculation" "leave_calculation" DEFAULT 'work_day' NOT NULL,
	"amount" numeric(6, 2) DEFAULT 0 NOT NULL,
	"quota_type" "leave_quota_type" DEFAULT 'fixed' NOT NULL,
	"distribution_date" date,
	"unit" "leave_unit" DEFAULT 'day' NOT NULL,
	"expiration_date" date,
	"employment_status" "employment_status"[] DEFAULT '{}'::employment_status[] NOT NULL,
	"service_months" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"leave_rule_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"unit" "leave_unit" DEFAULT 'day' NOT NULL,
	"total" numeric(6, 2) NOT NULL,
	"status" "leave_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"approval_id" uuid
);
--> statement-breakpoint
CREATE TABLE "live_tracking_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mass_leaves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"deduct_leave_rule_id" uuid
);
--> statement-breakpoint
CREATE TABLE "roster_entries" (
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"shift_id" uuid NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "shift_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"shift_id" uuid NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "shift_type" DEFAULT 'full_day' NOT NULL,
	"start_time" text,
	"finish_time" text,
	"minimum_working_hour" numeric(4, 2) DEFAULT 0 NOT NULL,
	"working_days" numeric(3, 2) DEFAULT 1 NOT NULL,
	"allowed_attendance" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "radius" integer;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_corrections" ADD CONSTRAINT "attendance_corrections_attendance_id_attendances_id_fk" FOREIGN KEY ("attendance_id") REFERENCES "public"."attendances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_group_members" ADD CONSTRAINT "attendance_group_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_group_members" ADD CONSTRAINT "attendance_group_members_group_id_attendance_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."attendance_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_group_members" ADD CONSTRAINT "attendance_group_members_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_groups" ADD CONSTRAINT "attendance_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_groups" ADD CONSTRAINT "attendance_groups_manager_id_employees_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendances" ADD CONSTRAINT "attendances_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balance_adjustments" ADD CONSTRAINT "leave_balance_adjustments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balance_adjustments" ADD CONSTRAINT "leave_balance_adjustments_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_balance_adjustments" ADD CONSTRAINT "leave_balance_adjustments_leave_rule_id_leave_rules_id_fk" FOREIGN KEY ("leave_rule_id") REFERENCES "public"."leave_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_rules" ADD CONSTRAINT "leave_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_leave_rule_id_leave_rules_id_fk" FOREIGN KEY ("leave_rule_id") REFERENCES "public"."leave_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_tracking_groups" ADD CONSTRAINT "live_tracking_groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_leaves" ADD CONSTRAINT "mass_leaves_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_leaves" ADD CONSTRAINT "mass_leaves_deduct_leave_rule_id_leave_rules_id_fk" FOREIGN KEY ("deduct_leave_rule_id") REFERENCES "public"."leave_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_overrides" ADD CONSTRAINT "shift_overrides_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_overrides" ADD CONSTRAINT "shift_overrides_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_overrides" ADD CONSTRAINT "shift_overrides_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_corrections_attendance_idx" ON "attendance_corrections" USING btree ("attendance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_group_members_employee_key" ON "attendance_group_members" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "attendance_group_members_group_idx" ON "attendance_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_groups_name_key" ON "attendance_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "attendances_employee_date_key" ON "attendances" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "attendances_company_date_idx" ON "attendances" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "leave_balance_adjustments_employee_idx" ON "leave_balance_adjustments" USING btree ("employee_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_rules_type_key" ON "leave_rules" USING btree ("company_id",lower("type"));--> statement-breakpoint
CREATE INDEX "leaves_employee_idx" ON "leaves" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "leaves_company_date_idx" ON "leaves" USING btree ("company_id","start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "live_tracking_groups_name_key" ON "live_tracking_groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "mass_leaves_company_date_idx" ON "mass_leaves" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_entries_employee_date_key" ON "roster_entries" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "roster_entries_company_date_idx" ON "roster_entries" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_overrides_employee_date_key" ON "shift_overrides" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "shift_overrides_company_date_idx" ON "shift_overrides" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_code_key" ON "shifts" USING btree ("company_id",lower("code"));