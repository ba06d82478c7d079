ALTER TABLE "personal_access_tokens" ADD COLUMN "scopes" text[] DEFAULT '{"read"}' NOT NULL;--> statement-breakpoint
-- hand-written (keep when regenerating): tokens made with write access keep it.
UPDATE "personal_access_tokens" SET "scopes" = '{"read","write"}' WHERE "can_write";
