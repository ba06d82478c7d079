ALTER TABLE "bank_accounts" ADD COLUMN "institution_name" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "institution_domain" text;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "source" text DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "source_messages" jsonb;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "source_request_times" jsonb;