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
CREATE INDEX "convert_orders_user_idx" ON "convert_orders" USING btree ("user_id","mode","state","id");