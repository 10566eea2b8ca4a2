CREATE TABLE "eshops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"platform" text DEFAULT 'shoptet' NOT NULL,
	"eshop_url" text NOT NULL,
	"shoptet_eshop_id" integer,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_eshop_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"eshop_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_group_items" (
	"group_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_group_items_group_id_product_id_pk" PRIMARY KEY("group_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"product_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_product_id_file_id_pk" PRIMARY KEY("product_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"clientsku" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"weight_grams" integer,
	"height_cm" numeric(8, 1),
	"length_cm" numeric(8, 1),
	"width_cm" numeric(8, 1),
	"properties_note" text DEFAULT '' NOT NULL,
	"storage_temp_c" numeric(5, 1),
	"storage_note" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"allow_import_orders" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_weight_check" CHECK ("products"."weight_grams" is null or "products"."weight_grams" >= 0),
	CONSTRAINT "products_dimensions_check" CHECK (coalesce("products"."height_cm", 0) >= 0 and coalesce("products"."length_cm", 0) >= 0 and coalesce("products"."width_cm", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid,
	"destination" text NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goods_received" (
	"id" uuid PRIMARY KEY NOT NULL,
	"inbound_shipment_id" uuid NOT NULL,
	"inventory_card_id" uuid NOT NULL,
	"product_id" uuid,
	"stock_movement_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_damaged" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_received_quantities_check" CHECK ("goods_received"."quantity" >= 0 and "goods_received"."quantity_damaged" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inbound_shipment_photos" (
	"inbound_shipment_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_shipment_photos_inbound_shipment_id_file_id_pk" PRIMARY KEY("inbound_shipment_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "inbound_shipments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"seller_id" uuid,
	"transporter" text DEFAULT '' NOT NULL,
	"nr_of_packs" integer,
	"weight_kg" numeric(10, 2),
	"height_cm" numeric(10, 1),
	"volume_m3" numeric(10, 3),
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"processed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_shipments_status_check" CHECK ("inbound_shipments"."status" in ('New', 'pending', 'Shipping', 'Delivered', 'Partially Delivered', 'Processed')),
	CONSTRAINT "inbound_shipments_measures_check" CHECK (coalesce("inbound_shipments"."nr_of_packs", 0) >= 0 and coalesce("inbound_shipments"."weight_kg", 0) >= 0 and coalesce("inbound_shipments"."volume_m3", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"inhouse_position" text DEFAULT '' NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"total" integer GENERATED ALWAYS AS (available + blocked) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_cards_available_check" CHECK ("inventory_cards"."available" >= 0),
	CONSTRAINT "inventory_cards_blocked_check" CHECK ("inventory_cards"."blocked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"inventory_card_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"quantity_damaged" integer DEFAULT 0 NOT NULL,
	"quantity_available" integer NOT NULL,
	"total_after" integer NOT NULL,
	"triggred_by" text NOT NULL,
	"action_source_id" uuid,
	"action_source_ref" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_trigger_check" CHECK ("stock_movements"."triggred_by" in ('Inboundshipment', 'Order', 'Adjustment')),
	CONSTRAINT "stock_movements_damaged_check" CHECK ("stock_movements"."quantity_damaged" >= 0),
	CONSTRAINT "stock_movements_balances_check" CHECK ("stock_movements"."quantity_available" >= 0 and "stock_movements"."total_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "eshops" ADD CONSTRAINT "eshops_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_eshop_ids" ADD CONSTRAINT "product_eshop_ids_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_eshop_ids" ADD CONSTRAINT "product_eshop_ids_eshop_id_eshops_id_fk" FOREIGN KEY ("eshop_id") REFERENCES "public"."eshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_items" ADD CONSTRAINT "product_group_items_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_group_items" ADD CONSTRAINT "product_group_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_received" ADD CONSTRAINT "goods_received_inbound_shipment_id_inbound_shipments_id_fk" FOREIGN KEY ("inbound_shipment_id") REFERENCES "public"."inbound_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_received" ADD CONSTRAINT "goods_received_inventory_card_id_inventory_cards_id_fk" FOREIGN KEY ("inventory_card_id") REFERENCES "public"."inventory_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_received" ADD CONSTRAINT "goods_received_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_received" ADD CONSTRAINT "goods_received_stock_movement_id_stock_movements_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_received" ADD CONSTRAINT "goods_received_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipment_photos" ADD CONSTRAINT "inbound_shipment_photos_inbound_shipment_id_inbound_shipments_id_fk" FOREIGN KEY ("inbound_shipment_id") REFERENCES "public"."inbound_shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipment_photos" ADD CONSTRAINT "inbound_shipment_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_seller_id_companies_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_shipments" ADD CONSTRAINT "inbound_shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_cards" ADD CONSTRAINT "inventory_cards_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_cards" ADD CONSTRAINT "inventory_cards_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_cards" ADD CONSTRAINT "inventory_cards_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_inventory_card_id_inventory_cards_id_fk" FOREIGN KEY ("inventory_card_id") REFERENCES "public"."inventory_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eshops_businessclient_idx" ON "eshops" USING btree ("businessclient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eshops_shoptet_eshop_id_idx" ON "eshops" USING btree ("shoptet_eshop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_eshop_ids_eshop_external_idx" ON "product_eshop_ids" USING btree ("eshop_id","external_id");--> statement-breakpoint
CREATE INDEX "product_eshop_ids_product_idx" ON "product_eshop_ids" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_group_items_product_idx" ON "product_group_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_groups_businessclient_idx" ON "product_groups" USING btree ("businessclient_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "products_businessclient_sku_idx" ON "products" USING btree ("businessclient_id","sku");--> statement-breakpoint
CREATE INDEX "products_businessclient_name_idx" ON "products" USING btree ("businessclient_id","name");--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "files_businessclient_idx" ON "files" USING btree ("businessclient_id");--> statement-breakpoint
CREATE INDEX "goods_received_shipment_idx" ON "goods_received" USING btree ("inbound_shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_received_movement_idx" ON "goods_received" USING btree ("stock_movement_id");--> statement-breakpoint
CREATE INDEX "inbound_shipments_client_created_idx" ON "inbound_shipments" USING btree ("businessclient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_shipments_status_created_idx" ON "inbound_shipments" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "inbound_shipments_created_idx" ON "inbound_shipments" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_cards_wh_client_sku_idx" ON "inventory_cards" USING btree ("warehouse_id","businessclient_id","sku");--> statement-breakpoint
CREATE INDEX "inventory_cards_client_idx" ON "inventory_cards" USING btree ("businessclient_id");--> statement-breakpoint
CREATE INDEX "inventory_cards_product_idx" ON "inventory_cards" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inventory_cards_sku_idx" ON "inventory_cards" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "inventory_cards_total_idx" ON "inventory_cards" USING btree ("total" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "inventory_cards_unpaired_idx" ON "inventory_cards" USING btree ("businessclient_id") WHERE "inventory_cards"."product_id" is null;--> statement-breakpoint
CREATE INDEX "stock_movements_card_created_idx" ON "stock_movements" USING btree ("inventory_card_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("action_source_id");