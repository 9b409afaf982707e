CREATE TABLE "nft_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nft_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" numeric(38, 8) NOT NULL,
	"state" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nft_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "nft_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_key" text NOT NULL,
	"image_type" text NOT NULL,
	"creator" text NOT NULL,
	"chain" text NOT NULL,
	"contract_address" text NOT NULL,
	"token_id" text NOT NULL,
	"asset" text DEFAULT 'USDT' NOT NULL,
	"starting_price" numeric(38, 8) NOT NULL,
	"bid_increment" numeric(38, 8) NOT NULL,
	"buy_now_price" numeric(38, 8),
	"current_bid" numeric(38, 8),
	"leader_id" bigint,
	"bid_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"owner_id" bigint,
	"sold_price" numeric(38, 8),
	"sold_at" timestamp with time zone,
	"created_by" text NOT NULL,
	CONSTRAINT "nft_items_window" CHECK ("nft_items"."ends_at" > "nft_items"."starts_at")
);
--> statement-breakpoint
CREATE INDEX "nft_bids_item_idx" ON "nft_bids" USING btree ("item_id","id");--> statement-breakpoint
CREATE INDEX "nft_bids_user_idx" ON "nft_bids" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_bids_one_leading" ON "nft_bids" USING btree ("item_id") WHERE "nft_bids"."state" = 'leading';--> statement-breakpoint
CREATE INDEX "nft_items_state_idx" ON "nft_items" USING btree ("state","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nft_items_token" ON "nft_items" USING btree ("chain","contract_address","token_id");