CREATE TABLE "price_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"reference" numeric(38, 12) NOT NULL,
	"percent" numeric(12, 8),
	"up_level" numeric(38, 12),
	"down_level" numeric(38, 12),
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"triggered_at" timestamp with time zone,
	"tick_price" numeric(38, 12),
	"tick_ts" timestamp with time zone,
	CONSTRAINT "price_alerts_state_check" CHECK ("price_alerts"."state" in ('active', 'triggered', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "price_alerts_active_idx" ON "price_alerts" USING btree ("state");