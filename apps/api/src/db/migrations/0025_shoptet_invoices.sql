CREATE TABLE "shoptet_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"eshop_id" uuid NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"code" text NOT NULL,
	"order_code" text,
	"var_symbol" text,
	"is_valid" boolean NOT NULL,
	"issued_at" timestamp with time zone,
	"due_date" date,
	"tax_date" date,
	"total" numeric(14, 2),
	"currency" text NOT NULL,
	"paid" boolean,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "invoices_cursor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shoptet_invoices" ADD CONSTRAINT "shoptet_invoices_eshop_id_eshops_id_fk" FOREIGN KEY ("eshop_id") REFERENCES "public"."eshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoptet_invoices" ADD CONSTRAINT "shoptet_invoices_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shoptet_invoices_code_idx" ON "shoptet_invoices" USING btree ("eshop_id","code");--> statement-breakpoint
CREATE INDEX "shoptet_invoices_order_idx" ON "shoptet_invoices" USING btree ("eshop_id","order_code");--> statement-breakpoint
CREATE INDEX "shoptet_invoices_businessclient_idx" ON "shoptet_invoices" USING btree ("businessclient_id");