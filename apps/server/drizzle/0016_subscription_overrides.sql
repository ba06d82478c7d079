ALTER TABLE "subscriptions" ADD COLUMN "negotiated_after" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reward_credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reward_credit_bill_date" date;--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "reminder30_sent_at";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "reminder7_sent_at";