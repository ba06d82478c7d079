CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" integer NOT NULL,
	"card_number_encrypted" text NOT NULL,
	"card_number_last_four" text NOT NULL,
	"card_number_digest" text NOT NULL,
	"value_cents" bigint NOT NULL,
	"expiry_date" date,
	"status" text DEFAULT 'available' NOT NULL,
	"user_id" uuid,
	"subscription_id" uuid,
	"assigned_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_cardNumberDigest_unique" UNIQUE("card_number_digest"),
	CONSTRAINT "gift_cards_value_positive" CHECK ("gift_cards"."value_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_event_cursor" (
	"id" text PRIMARY KEY NOT NULL,
	"after_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"account_id" uuid,
	"gift_card_id" uuid,
	"merchant_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"savings_cents" bigint NOT NULL,
	"authorization_id" text,
	"provider_transfer_id" text,
	"decline_reason" text,
	"return_code" text,
	"previous_renewal_date" date,
	"renewal_date" date,
	"funded_at" timestamp with time zone,
	"returned_at" timestamp with time zone,
	"reminder30_sent_at" timestamp with time zone,
	"reminder7_sent_at" timestamp with time zone,
	"renewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_providerTransferId_unique" UNIQUE("provider_transfer_id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank"."transfer_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"decision" text NOT NULL,
	"rationale" text,
	"description" text,
	"available_cents" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfer_authorizations_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank"."transfer_events" (
	"event_id" serial PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"type" text NOT NULL,
	"return_code" text,
	"day_offset" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfer_events_once" UNIQUE("transfer_id","type")
);
--> statement-breakpoint
CREATE TABLE "sandbox_bank"."transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"authorization_id" text NOT NULL,
	"account_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"will_return" boolean NOT NULL,
	"is_returned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "transfers_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "transfers_authorizationId_unique" UNIQUE("authorization_id")
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_cards_stock_idx" ON "gift_cards" USING btree ("merchant_id","status");--> statement-breakpoint
CREATE INDEX "gift_cards_user_idx" ON "gift_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "gift_cards_subscription_idx" ON "gift_cards" USING btree ("subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_live_per_subscription" ON "payments" USING btree ("subscription_id") WHERE "payments"."status" in ('authorizing', 'authorized', 'debited', 'funded');--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payments_gift_card_idx" ON "payments" USING btree ("gift_card_id");