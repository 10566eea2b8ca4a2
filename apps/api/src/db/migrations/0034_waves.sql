CREATE SEQUENCE "public"."wave_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "pick_discrepancies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"wave_line_id" uuid NOT NULL,
	"expected" integer NOT NULL,
	"found" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reported_by" uuid,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "pick_discrepancies_status_check" CHECK ("pick_discrepancies"."status" in ('open', 'confirmed', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "wave_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"wave_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"inventory_card_id" uuid NOT NULL,
	"location_id" uuid,
	"pick_order" integer DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"picked_by" uuid,
	"picked_at" timestamp with time zone,
	CONSTRAINT "wave_lines_quantity_check" CHECK ("wave_lines"."quantity" > 0 and "wave_lines"."picked" >= 0 and "wave_lines"."picked" <= "wave_lines"."quantity"),
	CONSTRAINT "wave_lines_status_check" CHECK ("wave_lines"."status" in ('open', 'picked', 'short', 'canceled', 'toReturn', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "wave_orders" (
	"wave_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"left_at" timestamp with time zone,
	CONSTRAINT "wave_orders_wave_id_order_id_pk" PRIMARY KEY("wave_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "waves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" bigint DEFAULT nextval('wave_numbers') NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"created_by" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_locations" DROP CONSTRAINT "warehouse_locations_kind_check";--> statement-breakpoint
ALTER TABLE "pick_discrepancies" ADD CONSTRAINT "pick_discrepancies_wave_line_id_wave_lines_id_fk" FOREIGN KEY ("wave_line_id") REFERENCES "public"."wave_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_discrepancies" ADD CONSTRAINT "pick_discrepancies_reported_by_users_id_fk" FOREIGN KEY ("reported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pick_discrepancies" ADD CONSTRAINT "pick_discrepancies_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_lines" ADD CONSTRAINT "wave_lines_wave_id_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_lines" ADD CONSTRAINT "wave_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_lines" ADD CONSTRAINT "wave_lines_inventory_card_id_inventory_cards_id_fk" FOREIGN KEY ("inventory_card_id") REFERENCES "public"."inventory_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_lines" ADD CONSTRAINT "wave_lines_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_lines" ADD CONSTRAINT "wave_lines_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_lines" ADD CONSTRAINT "wave_lines_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_wave_id_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."waves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wave_orders" ADD CONSTRAINT "wave_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waves" ADD CONSTRAINT "waves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pick_discrepancies_status_idx" ON "pick_discrepancies" USING btree ("status","reported_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pick_discrepancies_line_idx" ON "pick_discrepancies" USING btree ("wave_line_id");--> statement-breakpoint
CREATE INDEX "wave_lines_wave_idx" ON "wave_lines" USING btree ("wave_id","pick_order");--> statement-breakpoint
CREATE INDEX "wave_lines_order_idx" ON "wave_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "wave_lines_open_location_idx" ON "wave_lines" USING btree ("location_id","inventory_card_id") WHERE "wave_lines"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "wave_orders_active_idx" ON "wave_orders" USING btree ("order_id") WHERE "wave_orders"."left_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wave_orders_slot_idx" ON "wave_orders" USING btree ("wave_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "waves_number_idx" ON "waves" USING btree ("number");--> statement-breakpoint
CREATE INDEX "waves_created_idx" ON "waves" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_locations_one_packing_idx" ON "warehouse_locations" USING btree ("warehouse_id") WHERE "warehouse_locations"."kind" = 'packing';--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_kind_check" CHECK ("warehouse_locations"."kind" in ('receiving', 'storage', 'packing'));--> statement-breakpoint
-- A new warehouse gets its packing location with its receiving one, whatever creates the warehouse.
CREATE OR REPLACE FUNCTION warehouse_receiving_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "warehouse_locations" ("id", "warehouse_id", "code", "zone", "kind", "pick_order")
  VALUES (gen_random_uuid(), NEW."id", 'RECEIVING', 'RECEIVING', 'receiving', 0),
         (gen_random_uuid(), NEW."id", 'PACKING', 'PACKING', 'packing', 0);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Every existing warehouse gets its packing location (empty: nothing has been picked yet), unless it has a
-- storage location of that code already, which then becomes it.
UPDATE "warehouse_locations" l SET "kind" = 'packing'
WHERE l."code" = 'PACKING' AND l."kind" = 'storage'
  AND NOT EXISTS (SELECT 1 FROM "location_stock" s WHERE s."location_id" = l."id");--> statement-breakpoint
INSERT INTO "warehouse_locations" ("id", "warehouse_id", "code", "zone", "kind", "pick_order")
SELECT gen_random_uuid(), w."id", 'PACKING', 'PACKING', 'packing', 0 FROM "warehouses" w
WHERE NOT EXISTS (SELECT 1 FROM "warehouse_locations" l WHERE l."warehouse_id" = w."id" AND l."kind" = 'packing')
  AND NOT EXISTS (SELECT 1 FROM "warehouse_locations" l WHERE l."warehouse_id" = w."id" AND l."code" = 'PACKING');
