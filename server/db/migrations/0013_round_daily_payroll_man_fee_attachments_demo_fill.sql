CREATE TYPE "public"."man_fee_method" AS ENUM('percentage', 'per_employee');--> statement-breakpoint
ALTER TYPE "public"."approval_context" ADD VALUE 'daily_payroll';--> statement-breakpoint
CREATE TABLE "demo_fill_steps" (
	"step" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"today" date NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "man_fee_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"method" "man_fee_method" NOT NULL,
	"percentage" numeric(5, 2),
	"amount_per_employee" bigint,
	"note" text,
	CONSTRAINT "man_fee_rules_method_amount" CHECK (("man_fee_rules"."method" = 'percentage' and "man_fee_rules"."percentage" is not null) or ("man_fee_rules"."method" = 'per_employee' and "man_fee_rules"."amount_per_employee" is not null))
);
--> statement-breakpoint
ALTER TABLE "daily_payroll_components" ADD COLUMN "amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "attachment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "man_fee_rules" ADD CONSTRAINT "man_fee_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "man_fee_rules_company_date_key" ON "man_fee_rules" USING btree ("company_id","effective_date");