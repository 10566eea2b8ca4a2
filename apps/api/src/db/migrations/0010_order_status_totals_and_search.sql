-- pg_trgm: trigram GIN indexes for the orders search without a key (ILIKE '%term%'). A trusted extension
-- on PostgreSQL; the embedded PGlite loads it (platform/db/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "order_status_totals" (
	"businessclient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_totals_businessclient_id_status_pk" PRIMARY KEY("businessclient_id","status")
);
--> statement-breakpoint
CREATE INDEX "orders_client_order_nr_trgm_idx" ON "orders" USING gin ("client_order_nr" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ((("ship_to_client" ->> 'firstName') || ' ' || ("ship_to_client" ->> 'lastName')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_ship_to_phone_trgm_idx" ON "orders" USING gin ("ship_to_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_client_phone_trgm_idx" ON "orders" USING gin (("ship_to_client" ->> 'phone') gin_trgm_ops);
--> statement-breakpoint
-- order_status_totals follows orders: statement triggers with transition tables add each statement's
-- deltas per (business client, status), one upsert per statement, keys in a fixed order (ADR 0011).
CREATE FUNCTION order_status_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_totals AS t (businessclient_id, status, count)
    SELECT businessclient_id, status, count(*) FROM new_orders GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (businessclient_id, status) DO UPDATE SET count = t.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_totals AS t (businessclient_id, status, count)
    SELECT businessclient_id, status, -count(*) FROM old_orders GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (businessclient_id, status) DO UPDATE SET count = t.count + excluded.count;
  ELSE
    -- Only rows whose status or owner changed: editing an order's address or note locks nothing here.
    INSERT INTO order_status_totals AS t (businessclient_id, status, count)
    SELECT businessclient_id, status, sum(delta)
    FROM (
      SELECT o.businessclient_id, o.status, -1 AS delta
      FROM old_orders o JOIN new_orders n USING (id)
      WHERE (o.businessclient_id, o.status) IS DISTINCT FROM (n.businessclient_id, n.status)
      UNION ALL
      SELECT n.businessclient_id, n.status, 1
      FROM old_orders o JOIN new_orders n USING (id)
      WHERE (o.businessclient_id, o.status) IS DISTINCT FROM (n.businessclient_id, n.status)
    ) d
    GROUP BY 1, 2 HAVING sum(delta) <> 0 ORDER BY 1, 2
    ON CONFLICT (businessclient_id, status) DO UPDATE SET count = t.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION order_status_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_status_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_apply();
--> statement-breakpoint
CREATE TRIGGER order_status_totals_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_totals_truncate();
--> statement-breakpoint
-- The triggers hold orders against writes until this migration commits: the backfill counts a still table.
INSERT INTO order_status_totals (businessclient_id, status, count)
SELECT businessclient_id, status, count(*) FROM orders GROUP BY 1, 2;
