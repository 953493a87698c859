CREATE TYPE "public"."assignment_role" AS ENUM('poa', 'pcho', 'supervisor');--> statement-breakpoint
ALTER TABLE "job_titles" ADD COLUMN "assignment_role" "assignment_role";