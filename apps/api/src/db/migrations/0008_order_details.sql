ALTER TABLE "orders" DROP CONSTRAINT "orders_money_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eshop_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cost" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_awb_pdf" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_weight" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "generate_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_user_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_user_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "to_office" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "office_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_open_user_id_users_id_fk" FOREIGN KEY ("open_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_unpaired_sku_idx" ON "order_items" USING btree ("sku") WHERE "order_items"."product_id" is null;--> statement-breakpoint
CREATE INDEX "orders_client_status_updated_idx" ON "orders" USING btree ("businessclient_id","status","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_updated_idx" ON "orders" USING btree ("status","updated_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_money_check" CHECK ("orders"."payment_total" >= 0 and "orders"."cod_amount" >= 0 and "orders"."shipping_cost" >= 0);