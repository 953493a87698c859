CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "banner_dismissals" (
	"banner_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_dismissals_banner_id_user_id_pk" PRIMARY KEY("banner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"link" text,
	"image_url" text,
	"start_date" date,
	"end_date" date,
	CONSTRAINT "banners_dates_check" CHECK ("banners"."end_date" is null or "banners"."start_date" is null or "banners"."end_date" >= "banners"."start_date")
);
--> statement-breakpoint
CREATE TABLE "company_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"company_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	CONSTRAINT "company_announcements_dates_check" CHECK ("company_announcements"."end_date" >= "company_announcements"."start_date")
);
--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_dismissals" ADD CONSTRAINT "banner_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_dates_idx" ON "banners" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "company_announcements_dates_idx" ON "company_announcements" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "activity_logs_company_recent_idx" ON "activity_logs" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_logs_company_user_idx" ON "activity_logs" USING btree ("company_id","user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_logs_company_action_idx" ON "activity_logs" USING btree ("company_id","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_logs_detail_trgm_idx" ON "activity_logs" USING gin ("detail" gin_trgm_ops);