CREATE TABLE "a1_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"employee_id" uuid,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "a1_numbers_sequence_positive" CHECK ("a1_numbers"."sequence" > 0)
);
--> statement-breakpoint
ALTER TABLE "a1_numbers" ADD CONSTRAINT "a1_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "a1_numbers" ADD CONSTRAINT "a1_numbers_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "a1_numbers_sequence_key" ON "a1_numbers" USING btree ("company_id","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "a1_numbers_employee_key" ON "a1_numbers" USING btree ("company_id","year","employee_id");