CREATE TABLE "liability_leaves" (
	"day" date NOT NULL,
	"idx" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"salt" text NOT NULL,
	"balances" jsonb NOT NULL,
	CONSTRAINT "liability_leaves_day_idx_pk" PRIMARY KEY("day","idx"),
	CONSTRAINT "liability_leaves_user" UNIQUE("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "liability_nodes" (
	"day" date NOT NULL,
	"level" integer NOT NULL,
	"idx" integer NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "liability_nodes_day_level_idx_pk" PRIMARY KEY("day","level","idx")
);
--> statement-breakpoint
CREATE TABLE "liability_roots" (
	"day" date PRIMARY KEY NOT NULL,
	"root" text NOT NULL,
	"leaf_count" integer NOT NULL,
	"snapshot_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "liability_totals" (
	"day" date NOT NULL,
	"asset" text NOT NULL,
	"total" numeric(38, 8) NOT NULL,
	CONSTRAINT "liability_totals_day_asset_pk" PRIMARY KEY("day","asset")
);
--> statement-breakpoint
ALTER TABLE "liability_leaves" ADD CONSTRAINT "liability_leaves_day_liability_roots_day_fk" FOREIGN KEY ("day") REFERENCES "public"."liability_roots"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_nodes" ADD CONSTRAINT "liability_nodes_day_liability_roots_day_fk" FOREIGN KEY ("day") REFERENCES "public"."liability_roots"("day") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liability_totals" ADD CONSTRAINT "liability_totals_day_liability_roots_day_fk" FOREIGN KEY ("day") REFERENCES "public"."liability_roots"("day") ON DELETE no action ON UPDATE no action;