ALTER TABLE "subscriptions" ADD COLUMN "is_user_added" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "merchant_key" text;