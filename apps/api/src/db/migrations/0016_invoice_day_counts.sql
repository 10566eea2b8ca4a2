CREATE TABLE "invoice_day_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"country" text NOT NULL,
	"count" integer NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
-- Covering (INCLUDE, written here: the schema builder has no INCLUDE): the list's count reads the index alone.
CREATE INDEX "invoice_day_counts_day_idx" ON "invoice_day_counts" USING btree ("kind","day") INCLUDE ("businessclient_id","country","count");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_day_counts_merged_key" ON "invoice_day_counts" USING btree ("kind","day","businessclient_id","country") WHERE "invoice_day_counts"."merged";--> statement-breakpoint
-- invoice_day_counts follows invoices as order_day_counts follows orders (ADR 0012): each statement appends
-- its deltas per key (kind, issue day, business client, customer country); an update that moves no key
-- appends nothing; appending locks no existing row, so concurrent issuing never waits here.
CREATE FUNCTION invoice_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_day_counts (kind, day, businessclient_id, country, count)
    SELECT kind, issued_date, businessclient_id, country, count(*) FROM new_invoices GROUP BY 1, 2, 3, 4;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_day_counts (kind, day, businessclient_id, country, count)
    SELECT kind, issued_date, businessclient_id, country, -count(*) FROM old_invoices GROUP BY 1, 2, 3, 4;
  ELSE
    INSERT INTO invoice_day_counts (kind, day, businessclient_id, country, count)
    SELECT d.kind, d.day, d.businessclient_id, d.country, sum(d.delta)
    FROM old_invoices o JOIN new_invoices n USING (id)
    CROSS JOIN LATERAL (VALUES (o.kind, o.issued_date, o.businessclient_id, o.country, -1),
                               (n.kind, n.issued_date, n.businessclient_id, n.country, 1))
      d(kind, day, businessclient_id, country, delta)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.delta) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoice_day_counts_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_day_counts_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_invoices NEW TABLE AS new_invoices FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER invoice_day_counts_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_invoices FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_counts_apply();
--> statement-breakpoint
-- Invoices already there (none on a new installation; a database that had the previous migration).
INSERT INTO invoice_day_counts (kind, day, businessclient_id, country, count, merged)
SELECT kind, issued_date, businessclient_id, country, count(*), true FROM invoices GROUP BY 1, 2, 3, 4;
