CREATE TABLE "savings_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_transactions" (
	"subscription_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	CONSTRAINT "subscription_transactions_subscription_id_transaction_id_pk" PRIMARY KEY("subscription_id","transaction_id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_website" text,
	"category" text NOT NULL,
	"cadence" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"average_amount_cents" bigint NOT NULL,
	"previous_amount_cents" bigint,
	"normalized_monthly_cents" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"renewal_date" date,
	"cancel_date" date,
	"first_charge_date" date NOT NULL,
	"last_charge_date" date NOT NULL,
	"payment_account_id" uuid,
	"is_price_increase" boolean DEFAULT false NOT NULL,
	"confidence" real NOT NULL,
	"evidence" jsonb NOT NULL,
	"user_marked_not_subscription" boolean DEFAULT false NOT NULL,
	"is_billow_managed" boolean DEFAULT false NOT NULL,
	"is_atomic_manage_eligible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD CONSTRAINT "savings_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD CONSTRAINT "savings_ledger_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transactions" ADD CONSTRAINT "subscription_transactions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_transactions" ADD CONSTRAINT "subscription_transactions_transaction_id_bank_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_account_id_bank_accounts_id_fk" FOREIGN KEY ("payment_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "savings_ledger_user_idx" ON "savings_ledger" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscription_transactions_transaction_idx" ON "subscription_transactions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");