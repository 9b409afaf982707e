CREATE TABLE "instruments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "instruments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logo" text NOT NULL,
	"quote_asset" text DEFAULT 'USDT' NOT NULL,
	"precision" integer NOT NULL,
	"contract_size" numeric(38, 8) NOT NULL,
	"leverages" integer[] NOT NULL,
	"calendar" text NOT NULL,
	"spread" numeric(12, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 100 NOT NULL,
	"sim_base" numeric(38, 12) NOT NULL,
	"sim_volatility" numeric(8, 4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_code_unique" UNIQUE("code"),
	CONSTRAINT "instruments_type_check" CHECK ("instruments"."type" between 1 and 6),
	CONSTRAINT "instruments_calendar_check" CHECK ("instruments"."calendar" in ('always', 'fx', 'us_equity', 'cme_globex')),
	CONSTRAINT "instruments_precision_check" CHECK ("instruments"."precision" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "market_candles" (
	"code" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"open" numeric(38, 12) NOT NULL,
	"high" numeric(38, 12) NOT NULL,
	"low" numeric(38, 12) NOT NULL,
	"close" numeric(38, 12) NOT NULL,
	"ticks" integer NOT NULL,
	CONSTRAINT "market_candles_code_start_pk" PRIMARY KEY("code","start")
);
--> statement-breakpoint
CREATE TABLE "recorded_ticks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recorded_ticks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"source" text NOT NULL,
	"price" numeric(38, 12) NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "instruments_type_idx" ON "instruments" USING btree ("type","sort");--> statement-breakpoint
CREATE INDEX "recorded_ticks_code_ts_idx" ON "recorded_ticks" USING btree ("code","ts");