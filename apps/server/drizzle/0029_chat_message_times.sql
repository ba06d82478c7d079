CREATE TABLE "chat_message_times" (
	"user_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_message_times" ADD CONSTRAINT "chat_message_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_message_times_user_idx" ON "chat_message_times" USING btree ("user_id","sent_at");