CREATE TYPE "public"."approval_context" AS ENUM('leave', 'overtime', 'clock_correction', 'change_shift', 'business_trip', 'resignation', 'employee_profile', 'contract');--> statement-breakpoint
CREATE TYPE "public"."approval_decision" AS ENUM('approve', 'reject', 'withdraw');--> statement-breakpoint
CREATE TYPE "public"."approval_status" AS ENUM('pending', 'partial', 'approved', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('approval_waiting', 'approval_decided');--> statement-breakpoint
CREATE TYPE "public"."overtime_day_type" AS ENUM('working_day', 'rest_day', 'holiday');--> statement-breakpoint
CREATE TABLE "approval_counters" (
	"company_id" uuid NOT NULL,
	"context" "approval_context" NOT NULL,
	"year" smallint NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"approval_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"decision" "approval_decision" NOT NULL,
	"decided_by" uuid NOT NULL,
	"note" text,
	"as_admin" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"context" "approval_context"[] NOT NULL,
	"leave_type" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"members" jsonb NOT NULL,
	"levels" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"context" "approval_context" NOT NULL,
	"status" "approval_status" DEFAULT 'pending' NOT NULL,
	"approval_number" text NOT NULL,
	"content" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"level" smallint DEFAULT 1 NOT NULL,
	"levels" smallint NOT NULL,
	"flow" jsonb NOT NULL,
	"approvers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"participants" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"days" smallint NOT NULL,
	"destination" text NOT NULL,
	"purpose" text,
	"approval_id" uuid
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"approval_id" uuid,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "overtimes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"day_type" "overtime_day_type" NOT NULL,
	"start_time" text,
	"end_time" text,
	"reason" text,
	"approval_id" uuid
);
--> statement-breakpoint
ALTER TABLE "approval_counters" ADD CONSTRAINT "approval_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_trips" ADD CONSTRAINT "business_trips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_trips" ADD CONSTRAINT "business_trips_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_trips" ADD CONSTRAINT "business_trips_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtimes" ADD CONSTRAINT "overtimes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtimes" ADD CONSTRAINT "overtimes_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overtimes" ADD CONSTRAINT "overtimes_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_counters_key" ON "approval_counters" USING btree ("company_id","context","year");--> statement-breakpoint
CREATE INDEX "approval_decisions_approval_idx" ON "approval_decisions" USING btree ("approval_id","level");--> statement-breakpoint
CREATE INDEX "approval_decisions_company_idx" ON "approval_decisions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flows_name_key" ON "approval_flows" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_number_key" ON "approvals" USING btree ("company_id","approval_number");--> statement-breakpoint
CREATE INDEX "approvals_inbox_idx" ON "approvals" USING btree ("company_id","status","context","created_at");--> statement-breakpoint
CREATE INDEX "approvals_employee_idx" ON "approvals" USING btree ("employee_id","created_at");--> statement-breakpoint
CREATE INDEX "approvals_approvers_idx" ON "approvals" USING gin ("approvers");--> statement-breakpoint
CREATE INDEX "approvals_participants_idx" ON "approvals" USING gin ("participants");--> statement-breakpoint
CREATE INDEX "approvals_company_dates_idx" ON "approvals" USING btree ("company_id","context","start_date");--> statement-breakpoint
CREATE INDEX "business_trips_employee_idx" ON "business_trips" USING btree ("employee_id","start_date");--> statement-breakpoint
CREATE INDEX "business_trips_company_date_idx" ON "business_trips" USING btree ("company_id","start_date");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "overtimes_employee_idx" ON "overtimes" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "overtimes_company_date_idx" ON "overtimes" USING btree ("company_id","date");