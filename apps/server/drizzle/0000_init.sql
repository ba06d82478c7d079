CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"legal_name" text,
	"email" text,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"gender" text,
	"is_plaid_update_mode_required" boolean DEFAULT false NOT NULL,
	"lifetime_accrued_rewards_cents" integer DEFAULT 0 NOT NULL,
	"is_auto_apply_rewards_enabled" boolean DEFAULT true NOT NULL,
	"is_subscription_notifications_enabled" boolean DEFAULT true NOT NULL,
	"is_overdraft_protection_enabled" boolean DEFAULT true NOT NULL,
	"is_bill_negotiation_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_phoneNumber_unique" UNIQUE("phone_number")
);
