CREATE TABLE "bulk_undo" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_undo_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"batch" uuid NOT NULL,
	"table_name" text NOT NULL,
	"inserted" uuid[],
	"before" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bulk_undo_batch_idx" ON "bulk_undo" USING btree ("batch");