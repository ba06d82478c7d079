DROP INDEX "reminder_digests_day_idx";--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD COLUMN "subject_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_digests_day_idx" ON "reminder_digests" USING btree ("user_id","kind","channel","local_date","subject_key");