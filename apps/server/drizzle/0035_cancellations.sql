CREATE TABLE "cancellation_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cancellation_id" uuid NOT NULL,
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
	CONSTRAINT "cancellation_calls_attempt_unique" UNIQUE("cancellation_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "cancellation_charges" (
	"cancellation_id" uuid NOT NULL,
	"charge_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_charges_unique" UNIQUE("cancellation_id","charge_date","amount_cents")
);
--> statement-breakpoint
CREATE TABLE "cancellation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cancellation_id" uuid NOT NULL,
	"new_status" text NOT NULL,
	"previous_status" text,
	"reason" text,
	"effective_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"merchant_name" text NOT NULL,
	"merchant_id" integer,
	"way" text NOT NULL,
	"status" text NOT NULL,
	"allow_retention_offer" boolean DEFAULT false NOT NULL,
	"answers_encrypted" text,
	"amount_cents" bigint NOT NULL,
	"yearly_cents" bigint NOT NULL,
	"confirmation_number" text,
	"failure_reason" text,
	"next_step" text,
	"charged_through" date,
	"watch_until" date,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_after" date;--> statement-breakpoint
ALTER TABLE "cancellation_calls" ADD CONSTRAINT "cancellation_calls_cancellation_id_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_charges" ADD CONSTRAINT "cancellation_charges_cancellation_id_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_events" ADD CONSTRAINT "cancellation_events_cancellation_id_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellations" ADD CONSTRAINT "cancellations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancellation_events_cancellation_idx" ON "cancellation_events" USING btree ("cancellation_id");--> statement-breakpoint
CREATE INDEX "cancellations_user_idx" ON "cancellations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cancellations_open_idx" ON "cancellations" USING btree ("subscription_id") WHERE "cancellations"."status" in ('REQUESTED', 'IN_PROGRESS', 'CONFIRMED');