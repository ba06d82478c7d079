CREATE TABLE "import_reads" (
	"user_id" uuid NOT NULL,
	"chars" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_reads" ADD CONSTRAINT "import_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_reads_user_idx" ON "import_reads" USING btree ("user_id","read_at");