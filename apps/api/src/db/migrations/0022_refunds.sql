CREATE SEQUENCE "public"."refunds_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "refund_day_counts" (
	"businessclient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_status_day_counts" (
	"status" text NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"refundid" text DEFAULT 'R-' || lpad(nextval('refunds_number_seq')::text, 6, '0') NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"inbound_parcel_id" uuid,
	"status" text DEFAULT 'New' NOT NULL,
	"error_msgs" text[] DEFAULT '{}'::text[] NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"account_nr" text DEFAULT '' NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"payment_file_id" text,
	"sent_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('New', 'Approved', 'not sent', 'Rejected', 'Pending Bank Confirmation', 'duplicate', 'Refunded', 'error')),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_inbound_parcel_id_inbound_parcels_id_fk" FOREIGN KEY ("inbound_parcel_id") REFERENCES "public"."inbound_parcels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_day_counts_merged_key" ON "refund_day_counts" USING btree ("businessclient_id","status","day") WHERE "refund_day_counts"."merged";--> statement-breakpoint
CREATE UNIQUE INDEX "refund_status_day_counts_merged_key" ON "refund_status_day_counts" USING btree ("status","day") WHERE "refund_status_day_counts"."merged";--> statement-breakpoint
CREATE INDEX "refund_status_day_counts_day_idx" ON "refund_status_day_counts" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refundid_key" ON "refunds" USING btree ("refundid");--> statement-breakpoint
CREATE INDEX "refunds_client_created_idx" ON "refunds" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_client_status_created_idx" ON "refunds" USING btree ("businessclient_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refunds_client_updated_idx" ON "refunds" USING btree ("businessclient_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "refunds_updated_idx" ON "refunds" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "refunds_client_refundid_idx" ON "refunds" USING btree ("businessclient_id","refundid","id");--> statement-breakpoint
CREATE INDEX "refunds_refundid_idx" ON "refunds" USING btree ("refundid","id");--> statement-breakpoint
CREATE INDEX "refunds_client_amount_idx" ON "refunds" USING btree ("businessclient_id","amount","id");--> statement-breakpoint
CREATE INDEX "refunds_amount_idx" ON "refunds" USING btree ("amount","id");--> statement-breakpoint
CREATE INDEX "refunds_client_status_idx" ON "refunds" USING btree ("businessclient_id","status","id");--> statement-breakpoint
CREATE INDEX "refunds_status_idx" ON "refunds" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "refunds_client_name_idx" ON "refunds" USING btree ("businessclient_id","name","id");--> statement-breakpoint
CREATE INDEX "refunds_name_idx" ON "refunds" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","amount");--> statement-breakpoint
CREATE INDEX "refunds_refundid_trgm_idx" ON "refunds" USING gin ("refundid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refunds_name_trgm_idx" ON "refunds" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "refunds_phone_trgm_idx" ON "refunds" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Covering (INCLUDE: the schema builder has none): the list's count reads an index alone, per client or for staff.
CREATE INDEX "refund_day_counts_client_idx" ON "refund_day_counts" USING btree ("businessclient_id","day") INCLUDE ("status","count");--> statement-breakpoint
CREATE INDEX "refund_day_counts_day_idx" ON "refund_day_counts" USING btree ("day") INCLUDE ("businessclient_id","status","count");--> statement-breakpoint
-- refund_day_counts follows refunds as invoice_day_counts follows invoices (ADR 0012): each statement appends
-- its deltas per key (business client, status, creation day in UTC); an update that moves no key appends nothing.
-- refund_status_day_counts gets the same deltas without the client (staff's count over every client).
CREATE FUNCTION refund_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO refund_day_counts (businessclient_id, status, day, count)
    SELECT businessclient_id, status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_refunds GROUP BY 1, 2, 3;
    INSERT INTO refund_status_day_counts (status, day, count)
    SELECT status, (created_at AT TIME ZONE 'UTC')::date, count(*) FROM new_refunds GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO refund_day_counts (businessclient_id, status, day, count)
    SELECT businessclient_id, status, (created_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_refunds GROUP BY 1, 2, 3;
    INSERT INTO refund_status_day_counts (status, day, count)
    SELECT status, (created_at AT TIME ZONE 'UTC')::date, -count(*) FROM old_refunds GROUP BY 1, 2;
  ELSE
    INSERT INTO refund_day_counts (businessclient_id, status, day, count)
    SELECT d.businessclient_id, d.status, d.day, sum(d.delta)
    FROM old_refunds o JOIN new_refunds n USING (id)
    CROSS JOIN LATERAL (VALUES (o.businessclient_id, o.status, (o.created_at AT TIME ZONE 'UTC')::date, -1),
                               (n.businessclient_id, n.status, (n.created_at AT TIME ZONE 'UTC')::date, 1))
      d(businessclient_id, status, day, delta)
    GROUP BY 1, 2, 3
    HAVING sum(d.delta) <> 0;
    INSERT INTO refund_status_day_counts (status, day, count)
    SELECT d.status, d.day, sum(d.delta)
    FROM old_refunds o JOIN new_refunds n USING (id)
    CROSS JOIN LATERAL (VALUES (o.status, (o.created_at AT TIME ZONE 'UTC')::date, -1),
                               (n.status, (n.created_at AT TIME ZONE 'UTC')::date, 1))
      d(status, day, delta)
    GROUP BY 1, 2
    HAVING sum(d.delta) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER refund_day_counts_insert AFTER INSERT ON refunds
  REFERENCING NEW TABLE AS new_refunds FOR EACH STATEMENT EXECUTE FUNCTION refund_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER refund_day_counts_update AFTER UPDATE ON refunds
  REFERENCING OLD TABLE AS old_refunds NEW TABLE AS new_refunds FOR EACH STATEMENT EXECUTE FUNCTION refund_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER refund_day_counts_delete AFTER DELETE ON refunds
  REFERENCING OLD TABLE AS old_refunds FOR EACH STATEMENT EXECUTE FUNCTION refund_day_counts_apply();
