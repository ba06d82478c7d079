ALTER TABLE "users" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
-- hand-written (keep when regenerating): people who were here before this column existed have been through onboarding.
UPDATE "users" SET "onboarded_at" = "created_at";
