CREATE TABLE "sms_deliveries" (
	"message_sid" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
