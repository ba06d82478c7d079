CREATE TABLE "job_claims" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"process_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_workers" (
	"process_id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "negotiation_calls" ADD COLUMN "reconnecting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminder_digests" ADD COLUMN "message" jsonb;--> statement-breakpoint
CREATE INDEX "job_claims_process_idx" ON "job_claims" USING btree ("process_id");