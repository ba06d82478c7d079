CREATE TABLE "reward_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"source_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_ledger_source_unique" UNIQUE("user_id","kind","source_key"),
	CONSTRAINT "reward_ledger_amount_positive" CHECK ("reward_ledger"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD COLUMN "source_key" text;--> statement-breakpoint
UPDATE "savings_ledger" SET "source_key" = "id"::text WHERE "source_key" IS NULL;--> statement-breakpoint
ALTER TABLE "savings_ledger" ALTER COLUMN "source_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_ledger" ADD CONSTRAINT "reward_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_ledger" ADD CONSTRAINT "reward_ledger_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_ledger_user_idx" ON "reward_ledger" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lifetime_accrued_rewards_cents";--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD CONSTRAINT "savings_ledger_source_unique" UNIQUE("user_id","kind","source_key");