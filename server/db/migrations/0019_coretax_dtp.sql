ALTER TABLE "companies" ADD COLUMN "nitku" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "klu_code" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "pph21_dtp" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "regular_bruto" bigint DEFAULT 0 NOT NULL;