CREATE TABLE "warning_letter_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"letter_id" uuid NOT NULL,
	"language" text NOT NULL,
	"letter_version" integer NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warning_letter_documents" ADD CONSTRAINT "warning_letter_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warning_letter_documents" ADD CONSTRAINT "warning_letter_documents_letter_id_warning_letters_id_fk" FOREIGN KEY ("letter_id") REFERENCES "public"."warning_letters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warning_letter_documents_letter_idx" ON "warning_letter_documents" USING btree ("letter_id","language","letter_version");