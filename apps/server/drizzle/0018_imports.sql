ALTER TABLE "bank_items" ADD COLUMN "import_source" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_items_import_source_idx" ON "bank_items" USING btree ("user_id","import_source");