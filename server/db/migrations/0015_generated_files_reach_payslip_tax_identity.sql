ALTER TABLE "files" ADD COLUMN "menu" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "reach" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reach" jsonb;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "npwp" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "nik" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "payslips" ADD COLUMN "address" text;--> statement-breakpoint
-- Payslips computed before their tax identity was stored: the best record left is the employee as they are now.
UPDATE "payslips" p SET "npwp" = e."npwp_number", "nik" = e."ktp_number", "gender" = e."gender"::text,
  "address" = nullif(concat_ws(', ', nullif(e."id_card_address", ''), nullif(e."id_card_city", '')), '')
FROM "employees" e WHERE e."id" = p."employee_id";--> statement-breakpoint
-- Zips generated before their contents were stored: readable company-wide only, by who may read their menu.
UPDATE "files" SET "menu" = CASE WHEN "original_name" LIKE '1721-A1%' THEN 'a1-form' ELSE 'payslips' END,
  "reach" = jsonb_build_object('companyId', "company_id")
WHERE "mime" = 'application/zip' AND NOT "attachment" AND "company_id" IS NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "reach" = jsonb_build_object('companyId', "company_id") WHERE "reach" IS NULL;
