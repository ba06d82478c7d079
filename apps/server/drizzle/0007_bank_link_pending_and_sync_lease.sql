ALTER TABLE "bank_items" ADD COLUMN "link_public_token_hash" text;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "is_link_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "sync_lease_owner" text;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "sync_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_linkPublicTokenHash_unique" UNIQUE("link_public_token_hash");