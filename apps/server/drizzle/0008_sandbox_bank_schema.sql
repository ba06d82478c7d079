CREATE SCHEMA "sandbox_bank";
--> statement-breakpoint
ALTER TABLE "public"."sandbox_bank_items" SET SCHEMA "sandbox_bank";
--> statement-breakpoint
ALTER TABLE "public"."sandbox_bank_link_tokens" SET SCHEMA "sandbox_bank";
--> statement-breakpoint
ALTER TABLE "public"."sandbox_bank_public_tokens" SET SCHEMA "sandbox_bank";
--> statement-breakpoint
ALTER TABLE "sandbox_bank"."sandbox_bank_items" RENAME TO "items";--> statement-breakpoint
ALTER TABLE "sandbox_bank"."sandbox_bank_link_tokens" RENAME TO "link_tokens";--> statement-breakpoint
ALTER TABLE "sandbox_bank"."sandbox_bank_public_tokens" RENAME TO "public_tokens";--> statement-breakpoint
ALTER TABLE "sandbox_bank"."items" DROP CONSTRAINT "sandbox_bank_items_accessTokenHash_unique";--> statement-breakpoint
ALTER TABLE "sandbox_bank"."items" ADD CONSTRAINT "items_accessTokenHash_unique" UNIQUE("access_token_hash");