CREATE TABLE "smart_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"days" integer NOT NULL,
	"daily_yield" numeric(12, 8) NOT NULL,
	"penalty_rate" numeric(12, 8) NOT NULL,
	"daily_earning" numeric(38, 8) NOT NULL,
	"state" text NOT NULL,
	"paid_days" integer DEFAULT 0 NOT NULL,
	"accrued_profit" numeric(38, 8) DEFAULT '0' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"penalty" numeric(38, 8),
	"refund" numeric(38, 8),
	"ended_at" timestamp with time zone,
	CONSTRAINT "smart_orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "smart_orders_paid_days" CHECK ("smart_orders"."paid_days" between 0 and "smart_orders"."days")
);
--> statement-breakpoint
CREATE TABLE "smart_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "smart_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"asset" text DEFAULT 'USDT' NOT NULL,
	"min_amount" numeric(38, 8) NOT NULL,
	"max_amount" numeric(38, 8) NOT NULL,
	"terms" jsonb NOT NULL,
	"penalty_rate" numeric(12, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "smart_orders_user_idx" ON "smart_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "smart_orders_due_idx" ON "smart_orders" USING btree ("state","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "smart_orders_one_running" ON "smart_orders" USING btree ("user_id","product_id") WHERE "smart_orders"."state" = 'earning';