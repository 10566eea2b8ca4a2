CREATE SEQUENCE "public"."orders_internal_numeric_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_blocks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"inventory_card_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_blocks_quantity_check" CHECK ("order_blocks"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_change_logs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"what" text NOT NULL,
	"user_id" uuid,
	"username" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"weight" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_price_check" CHECK ("order_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"client_order_nr" text DEFAULT '' NOT NULL,
	"internal_numeric_id" bigint DEFAULT nextval('orders_internal_numeric_id_seq') NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"ship_to_country" text NOT NULL,
	"ship_to_province" text DEFAULT '' NOT NULL,
	"ship_to_city" text NOT NULL,
	"ship_to_district" text DEFAULT '' NOT NULL,
	"ship_to_street" text NOT NULL,
	"ship_to_street_nr" text DEFAULT '' NOT NULL,
	"ship_to_postcode" text NOT NULL,
	"ship_to_phone" text DEFAULT '' NOT NULL,
	"ship_to_is_company" boolean DEFAULT false NOT NULL,
	"ship_to_client" jsonb NOT NULL,
	"payment_type" text DEFAULT '' NOT NULL,
	"payment_status" text DEFAULT '' NOT NULL,
	"payment_total" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cod_apply" boolean DEFAULT false NOT NULL,
	"cod_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cod_amount_init" numeric(14, 2) DEFAULT 0 NOT NULL,
	"warehouse_id" uuid,
	"courier_id" uuid,
	"err_msgs" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('New', 'Draft', 'Client editing', 'No goods', 'Order Ready for picking', 'Product Picking', 'Packed', 'Shipping', 'Delivered', 'COD WAITING', 'Not shipped', 'Validated', 'In progress', 'Canceled', 'Error')),
	CONSTRAINT "orders_money_check" CHECK ("orders"."payment_total" >= 0 and "orders"."cod_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_blocks" ADD CONSTRAINT "order_blocks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_blocks" ADD CONSTRAINT "order_blocks_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_blocks" ADD CONSTRAINT "order_blocks_inventory_card_id_inventory_cards_id_fk" FOREIGN KEY ("inventory_card_id") REFERENCES "public"."inventory_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change_logs" ADD CONSTRAINT "order_change_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_change_logs" ADD CONSTRAINT "order_change_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_blocks_order_idx" ON "order_blocks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_blocks_card_idx" ON "order_blocks" USING btree ("inventory_card_id");--> statement-breakpoint
CREATE INDEX "order_change_logs_order_idx" ON "order_change_logs" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_internal_numeric_id_idx" ON "orders" USING btree ("internal_numeric_id");--> statement-breakpoint
CREATE INDEX "orders_client_status_created_idx" ON "orders" USING btree ("businessclient_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);