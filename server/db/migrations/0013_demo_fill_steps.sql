CREATE TABLE "demo_fill_steps" (
	"step" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"today" date NOT NULL,
	"done_at" timestamp with time zone
);
