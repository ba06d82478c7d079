ALTER TABLE "reminder_digests" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD COLUMN "message" jsonb;