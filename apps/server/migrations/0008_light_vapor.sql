CREATE TABLE "spot_holdings" (
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"asset" text NOT NULL,
	"quantity" numeric(38, 8) NOT NULL,
	"cost" numeric(38, 8) NOT NULL,
	CONSTRAINT "spot_holdings_user_id_mode_asset_pk" PRIMARY KEY("user_id","mode","asset")
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "spot_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"limit_price" numeric(38, 12),
	"quantity" numeric(38, 8),
	"turnover" numeric(38, 8),
	"fee_rate" numeric(12, 8) NOT NULL,
	"spread" numeric(12, 8) NOT NULL,
	"frozen_amount" numeric(38, 8),
	"frozen_asset" text,
	"fill_price" numeric(38, 12),
	"filled_quantity" numeric(38, 8),
	"filled_turnover" numeric(38, 8),
	"fee" numeric(38, 8),
	"fee_asset" text,
	"profit" numeric(38, 8),
	"tick_id" bigint,
	"tick_price" numeric(38, 12),
	"tick_at" timestamp (3) with time zone,
	"tick_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "spot_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "spot_orders_state_check" CHECK ("spot_orders"."state" in ('waiting', 'filled', 'cancelled', 'revoked'))
);
--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","mode","state","id");--> statement-breakpoint
CREATE INDEX "spot_orders_waiting_idx" ON "spot_orders" USING btree ("code") WHERE "spot_orders"."state" = 'waiting';