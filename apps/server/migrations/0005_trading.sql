CREATE TABLE "contract_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"lots" numeric(20, 2) NOT NULL,
	"leverage" integer NOT NULL,
	"contract_size" numeric(38, 8) NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"maintenance_margin_ratio" numeric(12, 8) NOT NULL,
	"spread" numeric(12, 8) NOT NULL,
	"limit_price" numeric(38, 12),
	"frozen" numeric(38, 8),
	"open_price" numeric(38, 12),
	"margin" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"stop_loss" numeric(38, 12),
	"take_profit" numeric(38, 12),
	"liquidation_price" numeric(38, 12),
	"close_price" numeric(38, 12),
	"profit" numeric(38, 8),
	"close_reason" text,
	"open_tick_id" bigint,
	"open_tick_price" numeric(38, 12),
	"open_tick_at" timestamp (3) with time zone,
	"open_tick_source" text,
	"close_tick_id" bigint,
	"close_tick_price" numeric(38, 12),
	"close_tick_at" timestamp (3) with time zone,
	"close_tick_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "contract_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "contract_orders_state_check" CHECK ("contract_orders"."state" in ('awaiting', 'open', 'closed', 'cancelled')),
	CONSTRAINT "contract_orders_lots_check" CHECK ("contract_orders"."lots" > 0)
);
--> statement-breakpoint
CREATE TABLE "convert_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "convert_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"mode" text NOT NULL,
	"state" text NOT NULL,
	"from_asset" text NOT NULL,
	"to_asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"rate" numeric(38, 18) NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"gross" numeric(38, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"receive" numeric(38, 8) NOT NULL,
	"value_usdt" numeric(38, 8) NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "convert_orders_quote_id_unique" UNIQUE("quote_id"),
	CONSTRAINT "convert_orders_state_check" CHECK ("convert_orders"."state" in ('quoted', 'done'))
);
--> statement-breakpoint
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
CREATE TABLE "trigger_watermarks" (
	"feed" text PRIMARY KEY NOT NULL,
	"second" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contract_orders_user_idx" ON "contract_orders" USING btree ("user_id","mode","state","id");--> statement-breakpoint
CREATE INDEX "contract_orders_live_idx" ON "contract_orders" USING btree ("state") WHERE "contract_orders"."state" in ('awaiting', 'open');--> statement-breakpoint
CREATE INDEX "convert_orders_user_idx" ON "convert_orders" USING btree ("user_id","mode","state","id");--> statement-breakpoint
CREATE INDEX "options_orders_user_idx" ON "options_orders" USING btree ("user_id","mode","state","id");--> statement-breakpoint
CREATE INDEX "options_orders_running_idx" ON "options_orders" USING btree ("expires_at") WHERE "options_orders"."state" = 'running';--> statement-breakpoint
CREATE INDEX "spot_orders_user_idx" ON "spot_orders" USING btree ("user_id","mode","state","id");--> statement-breakpoint
CREATE INDEX "spot_orders_waiting_idx" ON "spot_orders" USING btree ("code") WHERE "spot_orders"."state" = 'waiting';