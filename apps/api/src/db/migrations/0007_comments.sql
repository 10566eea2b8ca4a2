CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"trigger_id" uuid NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_trigger_check" CHECK ("comments"."trigger" in ('order')),
	CONSTRAINT "comments_text_check" CHECK (length("comments"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_trigger_idx" ON "comments" USING btree ("trigger","trigger_id","created_at");