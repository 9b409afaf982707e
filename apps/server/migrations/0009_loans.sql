CREATE TABLE "loan_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loan_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"asset" text DEFAULT 'USDT' NOT NULL,
	"min_amount" numeric(38, 8) NOT NULL,
	"max_amount" numeric(38, 8) NOT NULL,
	"terms" jsonb NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "loans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"loan_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"product_name" text NOT NULL,
	"asset" text NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"days" integer NOT NULL,
	"daily_rate" numeric(12, 8) NOT NULL,
	"free_days" integer NOT NULL,
	"penalty_rate" numeric(12, 8) NOT NULL,
	"total_interest" numeric(38, 8) NOT NULL,
	"due_amount" numeric(38, 8) NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"borrower_name" text NOT NULL,
	"locale" text NOT NULL,
	"agreement_key" text NOT NULL,
	"agreement_sha256" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"reviewed_by" text,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"damages" numeric(38, 8) DEFAULT '0' NOT NULL,
	"repaid_at" timestamp with time zone,
	"repaid_amount" numeric(38, 8),
	"interest_paid" numeric(38, 8),
	CONSTRAINT "loans_loan_no_unique" UNIQUE("loan_no"),
	CONSTRAINT "loans_days" CHECK ("loans"."days" in (7, 14, 30, 60, 90))
);
--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "loans_due_idx" ON "loans" USING btree ("state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open" ON "loans" USING btree ("user_id") WHERE "loans"."state" in ('pending', 'repaying', 'expired');