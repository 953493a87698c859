CREATE TABLE "company_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"cert_name" text NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"title" text,
	"selected" boolean DEFAULT false NOT NULL,
	"file" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_signatures" ADD CONSTRAINT "company_signatures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_certificates_company_idx" ON "company_certificates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_signatures_company_idx" ON "company_signatures" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_signatures_selected_key" ON "company_signatures" USING btree ("company_id") WHERE "company_signatures"."selected";