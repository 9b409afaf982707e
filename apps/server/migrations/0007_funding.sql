CREATE TABLE "deposit_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposit_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_coin_network" UNIQUE("coin","network")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deposits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"tx_hash" text NOT NULL,
	"last_six" text NOT NULL,
	"proof_key" text NOT NULL,
	"proof_type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewer_id" bigint,
	"reviewer" text,
	"reviewed_at" timestamp with time zone,
	"chain" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "deposits_tx_hash" UNIQUE("network","tx_hash"),
	CONSTRAINT "deposits_state_check" CHECK ("deposits"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "deposits_amount_check" CHECK ("deposits"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdraw_guards" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdrawals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"coin" text NOT NULL,
	"network" text,
	"address" text,
	"bank_type" text,
	"account_number" text,
	"holder_name" text,
	"amount" numeric(38, 8) NOT NULL,
	"fee_rate" numeric(12, 8) NOT NULL,
	"fee" numeric(38, 8) NOT NULL,
	"actual" numeric(38, 8) NOT NULL,
	"value_usdt" numeric(38, 8) NOT NULL,
	"needs_second" boolean DEFAULT false NOT NULL,
	"first_approver_id" bigint,
	"first_approver" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"payout_ref" text,
	"reviewer_id" bigint,
	"reviewer" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "withdrawals_state_check" CHECK ("withdrawals"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."actual" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "funded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deposits_user_idx" ON "deposits" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposits_state_idx" ON "deposits" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("state","id");