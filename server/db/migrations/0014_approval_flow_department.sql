ALTER TABLE "approval_flows" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Flows a department admin made before flows had a department become their department's (docs/decisions/0120).
UPDATE "approval_flows" AS f SET "department_id" = e."department_id"
FROM "users" AS u JOIN "employees" AS e ON e."user_id" = u."id"
WHERE u."id" = f."created_by" AND u."level" = 'admin_department' AND e."company_id" = f."company_id"
  AND e."department_id" IS NOT NULL;
