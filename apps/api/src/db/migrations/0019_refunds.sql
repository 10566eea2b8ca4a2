CREATE SEQUENCE "public"."refunds_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"refundid" text DEFAULT 'R-' || lpad(nextval('refunds_number_seq')::text, 6, '0') NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"inbound_parcel_id" uuid,
	"status" text DEFAULT 'New' NOT NULL,
	"error_msgs" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"account_nr" text DEFAULT '' NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"payment_file_id" text,
	"sent_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('New', 'Approved', 'not sent', 'Rejected', 'Pending Bank Confirmation', 'duplicate', 'Refunded', 'error')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refundid_key" ON "refunds" USING btree ("refundid");--> statement-breakpoint
CREATE INDEX "refunds_client_created_idx" ON "refunds" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_client_status_created_idx" ON "refunds" USING btree ("businessclient_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_client_updated_idx" ON "refunds" USING btree ("businessclient_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "refunds_updated_idx" ON "refunds" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "refunds_client_refundid_idx" ON "refunds" USING btree ("businessclient_id","refundid","id");--> statement-breakpoint
CREATE INDEX "refunds_refundid_idx" ON "refunds" USING btree ("refundid","id");--> statement-breakpoint
CREATE INDEX "refunds_client_amount_idx" ON "refunds" USING btree ("businessclient_id","amount","id");--> statement-breakpoint
CREATE INDEX "refunds_amount_idx" ON "refunds" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "refunds_client_status_idx" ON "refunds" USING btree ("businessclient_id","status","id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "refunds_client_name_idx" ON "refunds" USING btree ("businessclient_id","name","id");--> statement-breakpoint
CREATE INDEX "refunds_name_idx" ON "refunds" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","amount");