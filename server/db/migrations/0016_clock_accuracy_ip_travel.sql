ALTER TABLE "attendances" ADD COLUMN "clock_in_accuracy" integer;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "clock_out_accuracy" integer;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "clock_in_ip" text;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "clock_out_ip" text;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "clock_in_travel" jsonb;--> statement-breakpoint
ALTER TABLE "attendances" ADD COLUMN "clock_out_travel" jsonb;