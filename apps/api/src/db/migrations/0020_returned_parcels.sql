CREATE SEQUENCE "public"."inbound_parcel_nr_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "inbound_parcel_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"parcel_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"condition" text DEFAULT 'available' NOT NULL,
	"stock_movement_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbound_parcel_items_quantity_check" CHECK ("inbound_parcel_items"."quantity" > 0),
	CONSTRAINT "inbound_parcel_items_condition_check" CHECK ("inbound_parcel_items"."condition" in ('available', 'damaged'))
);
--> statement-breakpoint
CREATE TABLE "inbound_parcel_photos" (
	"parcel_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inbound_parcel_photos_parcel_id_file_id_pk" PRIMARY KEY("parcel_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "inbound_parcels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"parcel_nr" text DEFAULT ('RP' || lpad(nextval('inbound_parcel_nr_seq')::text, 6, '0')) NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"tracking_id" text DEFAULT '' NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"condition" text DEFAULT 'good' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_by" uuid,
	"processed_by" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_parcels_status_check" CHECK ("inbound_parcels"."status" in ('New', 'Processed')),
	CONSTRAINT "inbound_parcels_condition_check" CHECK ("inbound_parcels"."condition" in ('good', 'damaged', 'mixed')),
	CONSTRAINT "inbound_parcels_processed_check" CHECK (("inbound_parcels"."status" = 'Processed') = ("inbound_parcels"."processed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_trigger_check";--> statement-breakpoint
ALTER TABLE "inbound_parcel_items" ADD CONSTRAINT "inbound_parcel_items_parcel_id_inbound_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."inbound_parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcel_items" ADD CONSTRAINT "inbound_parcel_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcel_items" ADD CONSTRAINT "inbound_parcel_items_stock_movement_id_stock_movements_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcel_photos" ADD CONSTRAINT "inbound_parcel_photos_parcel_id_inbound_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."inbound_parcels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcel_photos" ADD CONSTRAINT "inbound_parcel_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcels" ADD CONSTRAINT "inbound_parcels_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcels" ADD CONSTRAINT "inbound_parcels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcels" ADD CONSTRAINT "inbound_parcels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcels" ADD CONSTRAINT "inbound_parcels_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_parcels" ADD CONSTRAINT "inbound_parcels_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_parcel_items_parcel_idx" ON "inbound_parcel_items" USING btree ("parcel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_parcel_items_movement_idx" ON "inbound_parcel_items" USING btree ("stock_movement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_parcels_nr_idx" ON "inbound_parcels" USING btree ("parcel_nr");--> statement-breakpoint
CREATE INDEX "inbound_parcels_client_created_idx" ON "inbound_parcels" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbound_parcels_created_idx" ON "inbound_parcels" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbound_parcels_order_idx" ON "inbound_parcels" USING btree ("order_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inbound_parcels_tracking_idx" ON "inbound_parcels" USING btree ("tracking_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_trigger_check" CHECK ("stock_movements"."triggred_by" in ('Inboundshipment', 'Order', 'Adjustment', 'Return'));--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A returned parcel finds its order by the courier's tracking id (register, and the register form's lookup).
CREATE INDEX IF NOT EXISTS "orders_tracking_id_idx" ON "orders" USING btree ("tracking_id") WHERE "tracking_id" <> '';
