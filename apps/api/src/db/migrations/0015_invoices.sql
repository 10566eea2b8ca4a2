CREATE TABLE "exchange_rates" (
	"currency" text NOT NULL,
	"target" text NOT NULL,
	"day" date NOT NULL,
	"rate" numeric(14, 6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"netto_price" numeric(14, 2) NOT NULL,
	"vat_percent" numeric(5, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"netto_total" numeric(14, 2) NOT NULL,
	"brutto_total" numeric(14, 2) NOT NULL,
	"source_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"order_id" uuid,
	"order_nr" text DEFAULT '' NOT NULL,
	"invoice_id" uuid,
	"series_id" uuid,
	"sequence_number" text,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"variable_symbol" text DEFAULT '' NOT NULL,
	"payment_type" text DEFAULT '' NOT NULL,
	"netto_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"brutto_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"issued_date" date NOT NULL,
	"tax_date" date NOT NULL,
	"due_date" date NOT NULL,
	"exchange_currency" text,
	"exchange_rate" numeric(14, 6),
	"exchange_date" date,
	"exchange_vat" numeric(14, 2),
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"customer_internal" text DEFAULT '' NOT NULL,
	"ship_to" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"credited_fully" boolean DEFAULT false NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'creditnote'))
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"country" text NOT NULL,
	"year" integer NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"format" text NOT NULL,
	"next_value" integer DEFAULT 1 NOT NULL,
	"first_value" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "number_series_type_check" CHECK ("number_series"."document_type" in ('invoice', 'creditnote')),
	CONSTRAINT "number_series_next_value_check" CHECK ("number_series"."next_value" >= "number_series"."first_value")
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vat_rates_kind_check" CHECK ("vat_rates"."kind" in ('standard', 'reduced', 'reduced2'))
);
--> statement-breakpoint
ALTER TABLE "business_client_bank_accounts" ADD COLUMN "swift" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_clients" ADD COLUMN "vat_payer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "business_clients" ADD COLUMN "invoice_due_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_source_item_id_invoice_items_id_fk" FOREIGN KEY ("source_item_id") REFERENCES "public"."invoice_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_requests" ADD CONSTRAINT "invoice_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_series_id_number_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."number_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_key" ON "exchange_rates" USING btree ("currency","target","day");--> statement-breakpoint
CREATE INDEX "invoice_items_invoice_idx" ON "invoice_items" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_items_source_idx" ON "invoice_items" USING btree ("source_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("businessclient_id","kind","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."order_id" is not null and not "invoices"."credited_fully";--> statement-breakpoint
CREATE INDEX "invoices_client_kind_issued_idx" ON "invoices" USING btree ("businessclient_id","kind","issued_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_kind_issued_idx" ON "invoices" USING btree ("kind","issued_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_invoice_idx" ON "invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_order_nr_trgm_idx" ON "invoices" USING gin ("order_nr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_number_trgm_idx" ON "invoices" USING gin ("sequence_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "number_series_key" ON "number_series" USING btree ("businessclient_id","document_type","country","year","prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_country_kind_from_key" ON "vat_rates" USING btree ("country","kind","valid_from");--> statement-breakpoint
-- The number of counter value n in a series format ({prefix}{yyyy}{n:6}; packages/domain formatDocumentNumber
-- says the same, and a test keeps the two equal): issuing computes it in the statement that takes the value.
CREATE FUNCTION format_document_number(fmt text, prefix text, yr integer, n bigint) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result text := fmt;
  m text[];
BEGIN
  result := replace(result, '{prefix}', prefix);
  result := replace(result, '{yyyy}', yr::text);
  result := replace(result, '{yy}', right(yr::text, 2));
  m := regexp_match(result, '\{n(?::(\d{1,2}))?\}');
  IF m IS NULL THEN
    RETURN result;
  END IF;
  RETURN regexp_replace(result, '\{n(?::\d{1,2})?\}',
    CASE WHEN m[1] IS NULL THEN n::text ELSE lpad(n::text, greatest(m[1]::int, length(n::text)), '0') END);
END $$;
--> statement-breakpoint
-- Issued documents never change (FINANCE.md "Numbering"): the service answers 409 DOCUMENT_ISSUED; these
-- triggers refuse it in the database too, whoever writes. What may change after issuing: the internal note,
-- the credited flag and updated_at.
CREATE FUNCTION invoices_guard_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.sequence_number IS NOT NULL THEN
      RAISE EXCEPTION 'issued document % cannot be deleted', OLD.sequence_number USING ERRCODE = 'P0409';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.sequence_number IS NOT NULL AND (
       NEW.sequence_number IS DISTINCT FROM OLD.sequence_number OR NEW.kind <> OLD.kind
    OR NEW.businessclient_id <> OLD.businessclient_id OR NEW.series_id IS DISTINCT FROM OLD.series_id
    OR NEW.netto_total <> OLD.netto_total OR NEW.vat_total <> OLD.vat_total OR NEW.brutto_total <> OLD.brutto_total
    OR NEW.currency <> OLD.currency OR NEW.country <> OLD.country OR NEW.variable_symbol <> OLD.variable_symbol
    OR NEW.issued_date <> OLD.issued_date OR NEW.tax_date <> OLD.tax_date OR NEW.due_date <> OLD.due_date
    OR NEW.supplier <> OLD.supplier OR NEW.customer <> OLD.customer OR NEW.ship_to <> OLD.ship_to
    OR NEW.exchange_rate IS DISTINCT FROM OLD.exchange_rate OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id
    OR NEW.reason <> OLD.reason OR NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    RAISE EXCEPTION 'issued document % cannot change', OLD.sequence_number USING ERRCODE = 'P0409';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_guard_issued BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_guard_issued();
--> statement-breakpoint
CREATE FUNCTION invoice_items_guard_issued() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'INSERT' THEN NEW.invoice_id ELSE OLD.invoice_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM invoices WHERE id = target AND sequence_number IS NOT NULL) THEN
    RAISE EXCEPTION 'the lines of an issued document cannot change' USING ERRCODE = 'P0409';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_items_guard_issued BEFORE INSERT OR UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION invoice_items_guard_issued();
--> statement-breakpoint
-- The VAT table of FINANCE.md "Money and VAT" (an admin adds rows as rates change).
INSERT INTO vat_rates (id, country, rate, kind, valid_from) VALUES
  (gen_random_uuid(), 'Czech', 21, 'standard', '2024-01-01'),
  (gen_random_uuid(), 'Czech', 12, 'reduced', '2024-01-01'),
  (gen_random_uuid(), 'Slovakia', 23, 'standard', '2025-01-01'),
  (gen_random_uuid(), 'Slovakia', 19, 'reduced', '2025-01-01'),
  (gen_random_uuid(), 'Slovakia', 5, 'reduced2', '2025-01-01'),
  (gen_random_uuid(), 'Romania', 21, 'standard', '2025-08-01'),
  (gen_random_uuid(), 'Romania', 11, 'reduced', '2025-08-01'),
  (gen_random_uuid(), 'Bulgaria', 20, 'standard', '2007-01-01'),
  (gen_random_uuid(), 'Bulgaria', 9, 'reduced', '2011-04-01'),
  (gen_random_uuid(), 'Hungary', 27, 'standard', '2012-01-01'),
  (gen_random_uuid(), 'Hungary', 18, 'reduced', '2009-07-01'),
  (gen_random_uuid(), 'Hungary', 5, 'reduced2', '2009-07-01'),
  (gen_random_uuid(), 'Poland', 23, 'standard', '2011-01-01'),
  (gen_random_uuid(), 'Poland', 8, 'reduced', '2011-01-01'),
  (gen_random_uuid(), 'Poland', 5, 'reduced2', '2011-01-01'),
  (gen_random_uuid(), 'Greece', 24, 'standard', '2016-06-01'),
  (gen_random_uuid(), 'Greece', 13, 'reduced', '2016-06-01'),
  (gen_random_uuid(), 'Greece', 6, 'reduced2', '2016-06-01'),
  (gen_random_uuid(), 'Germany', 19, 'standard', '2021-01-01'),
  (gen_random_uuid(), 'Germany', 7, 'reduced', '2021-01-01'),
  (gen_random_uuid(), 'Austria', 20, 'standard', '2016-01-01'),
  (gen_random_uuid(), 'Austria', 10, 'reduced', '2016-01-01');
