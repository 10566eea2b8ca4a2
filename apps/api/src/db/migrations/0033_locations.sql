CREATE TABLE "warehouse_locations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"code" text NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"aisle" text DEFAULT '' NOT NULL,
	"rack" text DEFAULT '' NOT NULL,
	"level" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"pick_order" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'storage' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_locations_kind_check" CHECK ("warehouse_locations"."kind" in ('receiving', 'storage'))
);
--> statement-breakpoint
CREATE TABLE "location_stock" (
	"location_id" uuid NOT NULL,
	"inventory_card_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "location_stock_location_id_inventory_card_id_pk" PRIMARY KEY("location_id","inventory_card_id"),
	CONSTRAINT "location_stock_quantity_check" CHECK ("location_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_trigger_check";--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "warehouse_locations" ADD CONSTRAINT "warehouse_locations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_stock" ADD CONSTRAINT "location_stock_inventory_card_id_inventory_cards_id_fk" FOREIGN KEY ("inventory_card_id") REFERENCES "public"."inventory_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_locations_code_idx" ON "warehouse_locations" USING btree ("warehouse_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_locations_one_receiving_idx" ON "warehouse_locations" USING btree ("warehouse_id") WHERE "warehouse_locations"."kind" = 'receiving';--> statement-breakpoint
CREATE INDEX "warehouse_locations_pick_idx" ON "warehouse_locations" USING btree ("warehouse_id","pick_order","code");--> statement-breakpoint
CREATE INDEX "location_stock_card_idx" ON "location_stock" USING btree ("inventory_card_id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_warehouse_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."warehouse_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_trigger_check" CHECK ("stock_movements"."triggred_by" in ('Inboundshipment', 'Order', 'Adjustment', 'Return', 'Move'));--> statement-breakpoint
-- A new warehouse gets its receiving location with it, whatever creates the warehouse.
CREATE FUNCTION warehouse_receiving_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "warehouse_locations" ("id", "warehouse_id", "code", "zone", "kind", "pick_order")
  VALUES (gen_random_uuid(), NEW."id", 'RECEIVING', 'RECEIVING', 'receiving', 0);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER warehouse_receiving_location AFTER INSERT ON "warehouses"
  FOR EACH ROW EXECUTE FUNCTION warehouse_receiving_location();--> statement-breakpoint
-- Every existing warehouse gets its receiving location, and the stock it holds today lies there until putaway,
-- so the sum over locations equals each card's total from the first moment.
INSERT INTO "warehouse_locations" ("id", "warehouse_id", "code", "zone", "kind", "pick_order")
SELECT gen_random_uuid(), "id", 'RECEIVING', 'RECEIVING', 'receiving', 0 FROM "warehouses";--> statement-breakpoint
INSERT INTO "location_stock" ("location_id", "inventory_card_id", "quantity")
SELECT l."id", c."id", c."available" + c."blocked"
FROM "inventory_cards" c JOIN "warehouse_locations" l ON l."warehouse_id" = c."warehouse_id" AND l."kind" = 'receiving'
WHERE c."available" + c."blocked" > 0;
