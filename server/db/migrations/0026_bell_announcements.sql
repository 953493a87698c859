ALTER TYPE "public"."notification_kind" ADD VALUE 'announcement';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'company_announcement';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "announcement_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "company_announcement_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_announcement_id_company_announcements_id_fk" FOREIGN KEY ("company_announcement_id") REFERENCES "public"."company_announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_announcement_key" ON "notifications" USING btree ("user_id","announcement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_company_announcement_key" ON "notifications" USING btree ("user_id","company_id","company_announcement_id");