CREATE TABLE "packing_lines" (
	"order_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"packed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "packing_lines_order_id_sku_pk" PRIMARY KEY("order_id","sku"),
	CONSTRAINT "packing_lines_packed_check" CHECK ("packing_lines"."packed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "packings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"packer_id" uuid,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "packed_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcels" integer;--> statement-breakpoint
ALTER TABLE "packing_lines" ADD CONSTRAINT "packing_lines_order_id_packings_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."packings"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packings" ADD CONSTRAINT "packings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packings" ADD CONSTRAINT "packings_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packings" ADD CONSTRAINT "packings_packer_id_users_id_fk" FOREIGN KEY ("packer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packings_businessclient_idx" ON "packings" USING btree ("businessclient_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_packed_by_users_id_fk" FOREIGN KEY ("packed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;