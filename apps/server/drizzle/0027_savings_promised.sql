CREATE TABLE "ledger_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"people" integer NOT NULL,
	"savings_entries" integer NOT NULL,
	"reward_entries" integer NOT NULL,
	"violations" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD COLUMN "status" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD COLUMN "proof" jsonb;--> statement-breakpoint
ALTER TABLE "savings_ledger" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_checks_checked_at_idx" ON "ledger_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "savings_ledger_promised_idx" ON "savings_ledger" USING btree ("user_id") WHERE "savings_ledger"."status" = 'promised';--> statement-breakpoint
-- hand-written (keep when regenerating): negotiated savings recorded before this column were never checked against the bank, so they become promised, with what the bank must show (docs/savings.md).
UPDATE "savings_ledger" AS s SET "status" = 'promised', "proof" = CASE
  WHEN n."negotiated_price_cents" IS NOT NULL THEN jsonb_build_object('kind', 'charge_at_or_below', 'cents', n."negotiated_price_cents", 'after', to_char(s."occurred_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
  ELSE jsonb_build_object('kind', 'no_full_charge', 'fullPriceCents', n."current_price_cents", 'after', to_char(s."occurred_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'until', to_char((s."occurred_at" + interval '36 days') AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
END
FROM "negotiations" AS n
WHERE s."kind" = 'negotiation' AND s."source_key" = 'negotiation:' || n."id"::text;
