CREATE TABLE "negotiation_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"negotiation_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"stage" text NOT NULL,
	"provider_call_id" text,
	"messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"record" jsonb,
	"outcome" jsonb,
	"error" jsonb,
	"handled_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "negotiation_calls_attempt_unique" UNIQUE("negotiation_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "negotiation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"negotiation_id" uuid NOT NULL,
	"new_status" text NOT NULL,
	"previous_status" text,
	"reason" text,
	"effective_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "negotiations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"merchant_id" integer NOT NULL,
	"status" text NOT NULL,
	"current_price_cents" bigint NOT NULL,
	"target_price_cents" bigint NOT NULL,
	"required_user_info" jsonb,
	"answers_encrypted" text,
	"start_date" timestamp with time zone,
	"estimated_completion" timestamp with time zone,
	"rejection_reason" text,
	"successful_savings_cents" bigint,
	"savings_type" text,
	"negotiated_deal_expiry" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "negotiations_subscriptionId_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
ALTER TABLE "negotiation_calls" ADD CONSTRAINT "negotiation_calls_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "public"."negotiations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiation_events" ADD CONSTRAINT "negotiation_events_negotiation_id_negotiations_id_fk" FOREIGN KEY ("negotiation_id") REFERENCES "public"."negotiations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "negotiations" ADD CONSTRAINT "negotiations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "negotiation_events_negotiation_idx" ON "negotiation_events" USING btree ("negotiation_id");--> statement-breakpoint
CREATE INDEX "negotiations_user_idx" ON "negotiations" USING btree ("user_id");