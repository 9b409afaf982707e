CREATE TABLE "trigger_watermarks" (
	"feed" text PRIMARY KEY NOT NULL,
	"second" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
