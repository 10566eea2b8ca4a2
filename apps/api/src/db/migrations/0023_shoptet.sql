CREATE TABLE "shoptet_api_tokens" (
	"eshop_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shoptet_product_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"eshop_id" uuid NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"first_page" integer DEFAULT 1 NOT NULL,
	"items_per_page" integer DEFAULT 10 NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"page_count" integer,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "shoptet_product_imports_kind_check" CHECK ("shoptet_product_imports"."kind" in ('import', 'update')),
	CONSTRAINT "shoptet_product_imports_status_check" CHECK ("shoptet_product_imports"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shoptet_webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"eshop_id" uuid NOT NULL,
	"event" text NOT NULL,
	"event_instance" text NOT NULL,
	"event_created" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "import_orders_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "import_orders_all" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "import_orders_only_selected_products" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "shipped_status_id" integer;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "suppress_email_sending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "suppress_document_generation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "invoicing" text DEFAULT 'expedo' NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "oauth_access_token" text;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "webhook_signature_key" text;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "activation_key_hash" text;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "activation_link_sealed" text;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "activation_user_id" uuid;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "activation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "activation_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "installed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "activated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "uninstalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "orders_cursor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "eshops" ADD COLUMN "fail_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eshop_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eshop_order_code" text;--> statement-breakpoint
ALTER TABLE "shoptet_api_tokens" ADD CONSTRAINT "shoptet_api_tokens_eshop_id_eshops_id_fk" FOREIGN KEY ("eshop_id") REFERENCES "public"."eshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoptet_product_imports" ADD CONSTRAINT "shoptet_product_imports_eshop_id_eshops_id_fk" FOREIGN KEY ("eshop_id") REFERENCES "public"."eshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoptet_product_imports" ADD CONSTRAINT "shoptet_product_imports_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shoptet_webhook_deliveries" ADD CONSTRAINT "shoptet_webhook_deliveries_eshop_id_eshops_id_fk" FOREIGN KEY ("eshop_id") REFERENCES "public"."eshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shoptet_product_imports_eshop_idx" ON "shoptet_product_imports" USING btree ("eshop_id","created_at");--> statement-breakpoint
CREATE INDEX "shoptet_product_imports_businessclient_idx" ON "shoptet_product_imports" USING btree ("businessclient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shoptet_product_imports_running_idx" ON "shoptet_product_imports" USING btree ("eshop_id","kind") WHERE "shoptet_product_imports"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "shoptet_webhook_deliveries_key_idx" ON "shoptet_webhook_deliveries" USING btree ("eshop_id","event","event_instance","event_created");--> statement-breakpoint
CREATE INDEX "shoptet_webhook_deliveries_pending_idx" ON "shoptet_webhook_deliveries" USING btree ("received_at") WHERE "shoptet_webhook_deliveries"."processed_at" is null;--> statement-breakpoint
ALTER TABLE "eshops" ADD CONSTRAINT "eshops_activation_user_id_users_id_fk" FOREIGN KEY ("activation_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_eshop_id_eshops_id_fk" FOREIGN KEY ("eshop_id") REFERENCES "public"."eshops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eshops_activation_key_hash_idx" ON "eshops" USING btree ("activation_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_eshop_order_code_idx" ON "orders" USING btree ("eshop_id","eshop_order_code") WHERE "orders"."eshop_order_code" is not null;--> statement-breakpoint
ALTER TABLE "eshops" ADD CONSTRAINT "eshops_invoicing_check" CHECK ("eshops"."invoicing" in ('expedo', 'shoptet'));--> statement-breakpoint
ALTER TABLE "eshops" ADD CONSTRAINT "eshops_import_mode_check" CHECK (not ("eshops"."import_orders_all" and "eshops"."import_orders_only_selected_products"));--> statement-breakpoint
ALTER TABLE "eshops" ADD CONSTRAINT "eshops_fail_count_check" CHECK ("eshops"."fail_count" >= 0);