CREATE TYPE "public"."kop_template" AS ENUM('default', 'letterhead');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "kop_template" "kop_template" DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "hq_initial" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "umr" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ump" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "bpjs_tk_no" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_person_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "taxable_date" date;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_person_id_employees_id_fk" FOREIGN KEY ("tax_person_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_jkk_percentage_check" CHECK ("companies"."jkk_percentage" in ('0', '0.24', '0.54', '0.89', '1.27', '1.74'));