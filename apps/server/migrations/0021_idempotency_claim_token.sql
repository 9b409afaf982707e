ALTER TABLE "idempotency_keys" ADD COLUMN "token" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "committed_at" timestamp with time zone;