CREATE TABLE "bill_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bill_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"service_type" text,
	"quantity" numeric(14, 3) NOT NULL,
	"netto_price" numeric(14, 2) NOT NULL,
	"vat_percent" numeric(5, 2) NOT NULL,
	"netto_total" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"brutto_total" numeric(14, 2) NOT NULL,
	"product_name" text,
	"source_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'bill' NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"issuer_id" uuid NOT NULL,
	"bill_id" uuid,
	"series_id" uuid,
	"sequence_number" text,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_at" timestamp with time zone,
	"is_paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"issued_date" date,
	"tax_date" date,
	"due_date" date,
	"netto_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"vat_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"brutto_total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"exchange_currency" text,
	"exchange_rate" numeric(14, 6),
	"exchange_date" date,
	"exchange_vat" numeric(14, 2),
	"note" text DEFAULT '' NOT NULL,
	"client" jsonb NOT NULL,
	"issuer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_kind_check" CHECK ("bills"."kind" in ('bill', 'billcreditnote')),
	CONSTRAINT "bills_period_check" CHECK ("bills"."period_end" >= "bills"."period_start"),
	CONSTRAINT "bills_locked_number_check" CHECK ("bills"."locked" = ("bills"."sequence_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "courier_quotations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"courier_id" uuid NOT NULL,
	"country" text NOT NULL,
	"service_type" text DEFAULT 'address' NOT NULL,
	"currency" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"courier_transport" numeric(14, 2) NOT NULL,
	"courier_return" numeric(14, 2) DEFAULT '0' NOT NULL,
	"courier_cod_service_cash" numeric(14, 2) DEFAULT '0' NOT NULL,
	"courier_cod_service_card" numeric(5, 2) DEFAULT '0' NOT NULL,
	"courier_toll_rate" numeric(14, 2) DEFAULT '0' NOT NULL,
	"courier_fuel_charge" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_quotations_service_check" CHECK ("courier_quotations"."service_type" in ('address', 'office', 'locker')),
	CONSTRAINT "courier_quotations_prices_check" CHECK ("courier_quotations"."courier_transport" >= 0 and "courier_quotations"."courier_return" >= 0 and "courier_quotations"."courier_cod_service_cash" >= 0 and "courier_quotations"."courier_cod_service_card" >= 0 and "courier_quotations"."courier_toll_rate" >= 0 and "courier_quotations"."courier_fuel_charge" >= 0 and "courier_quotations"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"fulfilment_order" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fulfilment_extra_item" numeric(14, 2) DEFAULT '0' NOT NULL,
	"receiving_unit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"storage_position_day" numeric(14, 2) DEFAULT '0' NOT NULL,
	"cod_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_handling" numeric(14, 2) DEFAULT '0' NOT NULL,
	"packaging" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_cards_validity_check" CHECK ("rate_cards"."valid_to" is null or "rate_cards"."valid_to" >= "rate_cards"."valid_from"),
	CONSTRAINT "rate_cards_prices_check" CHECK ("rate_cards"."fulfilment_order" >= 0 and "rate_cards"."fulfilment_extra_item" >= 0 and "rate_cards"."receiving_unit" >= 0 and "rate_cards"."storage_position_day" >= 0 and "rate_cards"."cod_fee" >= 0 and "rate_cards"."refund_handling" >= 0 and "rate_cards"."packaging" >= 0)
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"category" text NOT NULL,
	"trigger" text NOT NULL,
	"trigger_id" uuid,
	"trigger_ref" text DEFAULT '' NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '1' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"service_date" date NOT NULL,
	"bill_id" uuid,
	"quotation_id" uuid,
	"rate_card_id" uuid,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_trigger_check" CHECK ("services"."trigger" in ('Order', 'Inboundshipment', 'Storage', 'Refund')),
	CONSTRAINT "services_amount_check" CHECK ("services"."amount" >= 0 and "services"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "issuers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"coid" text DEFAULT '' NOT NULL,
	"taxid" text DEFAULT '' NOT NULL,
	"vat_payer" boolean DEFAULT true NOT NULL,
	"address" jsonb NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"bankaccounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registration" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "number_series" DROP CONSTRAINT "number_series_type_check";--> statement-breakpoint
ALTER TABLE "number_series" ALTER COLUMN "businessclient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "number_series" ADD COLUMN "issuer_id" uuid;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_items" ADD CONSTRAINT "bill_items_source_item_id_bill_items_id_fk" FOREIGN KEY ("source_item_id") REFERENCES "public"."bill_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_series_id_number_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."number_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_quotations" ADD CONSTRAINT "courier_quotations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_quotation_id_courier_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."courier_quotations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_rate_card_id_rate_cards_id_fk" FOREIGN KEY ("rate_card_id") REFERENCES "public"."rate_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_items_bill_idx" ON "bill_items" USING btree ("bill_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_key" ON "bills" USING btree ("issuer_id","kind","sequence_number");--> statement-breakpoint
CREATE INDEX "bills_client_created_idx" ON "bills" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bills_created_idx" ON "bills" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bills_bill_idx" ON "bills" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "courier_quotations_courier_idx" ON "courier_quotations" USING btree ("courier_id","country","service_type");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_quotations_active_key" ON "courier_quotations" USING btree ("courier_id","country","service_type") WHERE "courier_quotations"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "rate_cards_key" ON "rate_cards" USING btree (coalesce("businessclient_id", '00000000-0000-0000-0000-000000000000'::uuid),"country","valid_from");--> statement-breakpoint
CREATE INDEX "rate_cards_client_idx" ON "rate_cards" USING btree ("businessclient_id","country","valid_from");--> statement-breakpoint
CREATE UNIQUE INDEX "services_dedupe_key" ON "services" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "services_client_created_idx" ON "services" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_created_idx" ON "services" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "services_trigger_idx" ON "services" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "services_bill_idx" ON "services" USING btree ("bill_id","id");--> statement-breakpoint
CREATE INDEX "services_unbilled_client_created_idx" ON "services" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."bill_id" is null;--> statement-breakpoint
CREATE INDEX "services_unbilled_created_idx" ON "services" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "services"."bill_id" is null;--> statement-breakpoint
CREATE INDEX "services_unbilled_idx" ON "services" USING btree ("businessclient_id","currency","created_at") WHERE "services"."bill_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "issuers_country_key" ON "issuers" USING btree ("country");--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_issuer_id_issuers_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."issuers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "number_series_issuer_key" ON "number_series" USING btree ("issuer_id","document_type","country","year","prefix");--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_owner_check" CHECK (("number_series"."businessclient_id" is null) <> ("number_series"."issuer_id" is null));--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_type_check" CHECK ("number_series"."document_type" in ('invoice', 'creditnote', 'bill', 'billcreditnote'));
--> statement-breakpoint
-- A locked bill (it has its number) never changes except being paid; it is never deleted (FINANCE.md
-- "Numbering"; a second guard behind the service, SQLSTATE P0409 as for invoices).
CREATE FUNCTION bills_guard_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.locked THEN
      RAISE EXCEPTION 'locked bill % cannot be deleted', OLD.sequence_number USING ERRCODE = 'P0409';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.locked AND (
       NOT NEW.locked OR NEW.sequence_number IS DISTINCT FROM OLD.sequence_number OR NEW.kind <> OLD.kind
    OR NEW.businessclient_id <> OLD.businessclient_id OR NEW.issuer_id <> OLD.issuer_id
    OR NEW.series_id IS DISTINCT FROM OLD.series_id OR NEW.bill_id IS DISTINCT FROM OLD.bill_id
    OR NEW.netto_total <> OLD.netto_total OR NEW.vat_total <> OLD.vat_total OR NEW.brutto_total <> OLD.brutto_total
    OR NEW.currency <> OLD.currency OR NEW.country <> OLD.country
    OR NEW.period_start <> OLD.period_start OR NEW.period_end <> OLD.period_end
    OR NEW.issued_date IS DISTINCT FROM OLD.issued_date OR NEW.tax_date IS DISTINCT FROM OLD.tax_date
    OR NEW.due_date IS DISTINCT FROM OLD.due_date OR NEW.client <> OLD.client OR NEW.issuer <> OLD.issuer
    OR NEW.exchange_currency IS DISTINCT FROM OLD.exchange_currency OR NEW.exchange_rate IS DISTINCT FROM OLD.exchange_rate
    OR NEW.exchange_date IS DISTINCT FROM OLD.exchange_date OR NEW.exchange_vat IS DISTINCT FROM OLD.exchange_vat) THEN
    RAISE EXCEPTION 'locked bill % cannot change', OLD.sequence_number USING ERRCODE = 'P0409';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER bills_guard_locked BEFORE UPDATE OR DELETE ON bills
  FOR EACH ROW EXECUTE FUNCTION bills_guard_locked();
--> statement-breakpoint
CREATE FUNCTION bill_items_guard_locked() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'INSERT' THEN NEW.bill_id ELSE OLD.bill_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM bills WHERE id = target AND locked) THEN
    RAISE EXCEPTION 'the items of a locked bill cannot change' USING ERRCODE = 'P0409';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER bill_items_guard_locked BEFORE INSERT OR UPDATE OR DELETE ON bill_items
  FOR EACH ROW EXECUTE FUNCTION bill_items_guard_locked();
