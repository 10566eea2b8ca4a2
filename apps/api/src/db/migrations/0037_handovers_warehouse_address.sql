CREATE SEQUENCE "public"."handover_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "handover_parcels" (
	"handover_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone,
	"scanned_at" timestamp with time zone,
	"scanned_by_name" text,
	CONSTRAINT "handover_parcels_handover_id_order_id_pk" PRIMARY KEY("handover_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" bigint DEFAULT nextval('handover_numbers') NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"courier_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"pickup_status" text DEFAULT 'none' NOT NULL,
	"pickup_request_id" text DEFAULT '' NOT NULL,
	"pickup_from" timestamp with time zone,
	"pickup_to" timestamp with time zone,
	"pickup_text" text DEFAULT '' NOT NULL,
	"pickup_checked_at" timestamp with time zone,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_over_at" timestamp with time zone,
	"handed_over_by" uuid,
	"handed_over_by_name" text,
	"driver_name" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "handovers_status_check" CHECK ("handovers"."status" in ('open', 'handedOver', 'cancelled')),
	CONSTRAINT "handovers_pickup_status_check" CHECK ("handovers"."pickup_status" in ('none', 'requested', 'accepted', 'taken', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "house_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "post_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "handover_parcels" ADD CONSTRAINT "handover_parcels_handover_id_handovers_id_fk" FOREIGN KEY ("handover_id") REFERENCES "public"."handovers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handover_parcels" ADD CONSTRAINT "handover_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_handed_over_by_users_id_fk" FOREIGN KEY ("handed_over_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handover_parcels_active_idx" ON "handover_parcels" USING btree ("order_id") WHERE "handover_parcels"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_number_idx" ON "handovers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "handovers_created_idx" ON "handovers" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "handovers_pickup_idx" ON "handovers" USING btree ("pickup_status") WHERE "handovers"."status" = 'open';