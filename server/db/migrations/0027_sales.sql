CREATE TABLE "sales_objectives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"visits_target" integer DEFAULT 0 NOT NULL,
	"new_stores_target" integer DEFAULT 0 NOT NULL,
	"order_value_target" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_objectives_month_check" CHECK ("sales_objectives"."month" between 1 and 12),
	CONSTRAINT "sales_objectives_targets_check" CHECK ("sales_objectives"."visits_target" >= 0 and "sales_objectives"."new_stores_target" >= 0 and "sales_objectives"."order_value_target" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"store_location_id" uuid NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"distance_m" integer,
	"within_radius" boolean DEFAULT false NOT NULL,
	"note" text,
	"photo" text,
	"order_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_visits_order_value_check" CHECK ("sales_visits"."order_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_location_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"store_location_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"radius" integer DEFAULT 100 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "store_locations_radius_check" CHECK ("store_locations"."radius" > 0)
);
--> statement-breakpoint
ALTER TABLE "sales_objectives" ADD CONSTRAINT "sales_objectives_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_objectives" ADD CONSTRAINT "sales_objectives_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_visits" ADD CONSTRAINT "sales_visits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_visits" ADD CONSTRAINT "sales_visits_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_visits" ADD CONSTRAINT "sales_visits_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_location_employees" ADD CONSTRAINT "store_location_employees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_location_employees" ADD CONSTRAINT "store_location_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_location_employees" ADD CONSTRAINT "store_location_employees_store_location_id_store_locations_id_fk" FOREIGN KEY ("store_location_id") REFERENCES "public"."store_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_locations" ADD CONSTRAINT "store_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_objectives_employee_period_key" ON "sales_objectives" USING btree ("employee_id","year","month");--> statement-breakpoint
CREATE INDEX "sales_objectives_company_period_idx" ON "sales_objectives" USING btree ("company_id","year","month");--> statement-breakpoint
CREATE INDEX "sales_visits_company_date_idx" ON "sales_visits" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "sales_visits_employee_idx" ON "sales_visits" USING btree ("employee_id","date");--> statement-breakpoint
CREATE INDEX "sales_visits_store_idx" ON "sales_visits" USING btree ("store_location_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "store_location_employees_key" ON "store_location_employees" USING btree ("store_location_id","employee_id");--> statement-breakpoint
CREATE INDEX "store_location_employees_employee_idx" ON "store_location_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "store_locations_code_key" ON "store_locations" USING btree ("company_id",lower("code"));