CREATE TABLE "invite_commissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invite_commissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inviter_id" bigint NOT NULL,
	"day" date NOT NULL,
	"asset" text NOT NULL,
	"fees" numeric(38, 8) NOT NULL,
	"level" integer NOT NULL,
	"rate" numeric(12, 8) NOT NULL,
	"qualified_friends" integer NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invite_commissions_once" UNIQUE("inviter_id","day","asset")
);
--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");