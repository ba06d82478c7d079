CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject" text NOT NULL,
	"destination" text NOT NULL,
	"requester" text,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "email_verification_codes" CASCADE;--> statement-breakpoint
DROP TABLE "otp_codes" CASCADE;--> statement-breakpoint
CREATE INDEX "one_time_codes_subject_idx" ON "one_time_codes" USING btree ("purpose","subject","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_requester_idx" ON "one_time_codes" USING btree ("purpose","requester","created_at");--> statement-breakpoint
CREATE INDEX "one_time_codes_created_idx" ON "one_time_codes" USING btree ("purpose","created_at");