CREATE TABLE "employee_previous_pph" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"previous_netto" bigint DEFAULT 0 NOT NULL,
	"previous_pph" bigint DEFAULT 0 NOT NULL,
	"employer_name" text,
	"employer_npwp" text
);
--> statement-breakpoint
ALTER TABLE "employee_previous_pph" ADD CONSTRAINT "employee_previous_pph_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_previous_pph" ADD CONSTRAINT "employee_previous_pph_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_previous_pph_year_key" ON "employee_previous_pph" USING btree ("employee_id","year");