ALTER TABLE "subscriptions" ADD COLUMN "price_changed_on" date;--> statement-breakpoint
ALTER TABLE "negotiations" ADD COLUMN "negotiated_price_cents" bigint;