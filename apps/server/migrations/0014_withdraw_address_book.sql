CREATE TABLE "withdraw_addresses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "withdraw_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	CONSTRAINT "withdraw_addresses_once" UNIQUE("user_id","coin","network","address")
);
--> statement-breakpoint
ALTER TABLE "withdraw_guards" ADD COLUMN "whitelist" boolean DEFAULT false NOT NULL;