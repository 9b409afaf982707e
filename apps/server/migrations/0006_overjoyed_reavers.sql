CREATE TABLE "options_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "options_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"seconds" integer NOT NULL,
	"payout_rate" numeric(12, 8) NOT NULL,
	"state" text NOT NULL,
	"open_tick_id" bigint NOT NULL,
	"open_price" numeric(38, 12) NOT NULL,
	"open_at" timestamp (3) with time zone NOT NULL,
	"open_source" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settle_tick_id" bigint,
	"settle_price" numeric(38, 12),
	"settle_at" timestamp (3) with time zone,
	"settle_source" text,
	"payout" numeric(38, 8),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "options_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "options_orders_state_check" CHECK ("options_orders"."state" in ('running', 'won', 'lost', 'draw')),
	CONSTRAINT "options_orders_amount_check" CHECK ("options_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "options_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "options_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"periods" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "options_products_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE INDEX "options_orders_user_idx" ON "options_orders" USING btree ("user_id","mode","state","id");--> statement-breakpoint
CREATE INDEX "options_orders_running_idx" ON "options_orders" USING btree ("expires_at") WHERE "options_orders"."state" = 'running';