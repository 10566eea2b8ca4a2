CREATE TABLE "courier_labels" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"courier" text NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"outcome_unknown" boolean DEFAULT false NOT NULL,
	"claimed_until" timestamp with time zone,
	"tracking_id" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"awb_storage_key" text DEFAULT '' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tracking_state" text,
	"tracking_text" text,
	"tracking_at" timestamp with time zone,
	"tracking_checked_at" timestamp with time zone,
	CONSTRAINT "courier_labels_status_check" CHECK ("courier_labels"."status" in ('unsupported', 'requested', 'created', 'failed', 'inDoubt'))
);
--> statement-breakpoint
ALTER TABLE "courier_labels" ADD CONSTRAINT "courier_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_labels" ADD CONSTRAINT "courier_labels_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_labels_status_idx" ON "courier_labels" USING btree ("status","updated_at");