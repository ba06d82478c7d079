ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_time_zone_chosen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The zone reminders kept (the browser's, sent with every reminder change) becomes the profile's.
UPDATE "users" SET "time_zone" = "reminder_preferences"."time_zone" FROM "reminder_preferences" WHERE "reminder_preferences"."user_id" = "users"."id";--> statement-breakpoint
ALTER TABLE "reminder_preferences" DROP COLUMN "time_zone";
