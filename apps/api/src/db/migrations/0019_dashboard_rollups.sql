CREATE TABLE "cod_waiting_totals" (
	"businessclient_id" uuid NOT NULL,
	"country" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nogoods_demand" (
	"businessclient_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"lines" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_day_status_counts" (
	"day" date NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_day_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"billed" boolean NOT NULL,
	"count" bigint NOT NULL,
	"merged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "service_day_counts_kind_check" CHECK ("service_day_counts"."kind" in ('d', 'm'))
);
--> statement-breakpoint
CREATE TABLE "unbilled_service_totals" (
	"month" date NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"merged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cod_waiting_totals_client_idx" ON "cod_waiting_totals" USING btree ("businessclient_id","country");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_waiting_totals_merged_key" ON "cod_waiting_totals" USING btree ("businessclient_id","country") WHERE "cod_waiting_totals"."merged";--> statement-breakpoint
CREATE INDEX "nogoods_demand_client_idx" ON "nogoods_demand" USING btree ("businessclient_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nogoods_demand_merged_key" ON "nogoods_demand" USING btree ("businessclient_id","product_id") WHERE "nogoods_demand"."merged";--> statement-breakpoint
CREATE INDEX "order_day_status_counts_day_idx" ON "order_day_status_counts" USING btree ("day","businessclient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_day_status_counts_merged_key" ON "order_day_status_counts" USING btree ("day","businessclient_id","status") WHERE "order_day_status_counts"."merged";--> statement-breakpoint
CREATE INDEX "service_day_counts_day_idx" ON "service_day_counts" USING btree ("kind","day","businessclient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_day_counts_merged_key" ON "service_day_counts" USING btree ("kind","day","businessclient_id","billed") WHERE "service_day_counts"."merged";--> statement-breakpoint
CREATE INDEX "unbilled_service_totals_month_idx" ON "unbilled_service_totals" USING btree ("month","businessclient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unbilled_service_totals_merged_key" ON "unbilled_service_totals" USING btree ("month","businessclient_id","currency") WHERE "unbilled_service_totals"."merged";--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The rollups follow orders, their lines and services (ADR 0012's deltas, see
-- src/db/schema/dashboard.table.ts): each statement appends its deltas; the minutely job merges them.
-- Orders: per created day and status; COD WAITING per ship-to country; and, for orders entering or
-- leaving No goods (or changing client while in it), their current lines' demand.
CREATE FUNCTION dashboard_orders_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_status_counts (day, businessclient_id, status, count)
    SELECT (n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.status, count(*)
    FROM new_orders n GROUP BY 1, 2, 3;
    INSERT INTO cod_waiting_totals (businessclient_id, country, count, amount)
    SELECT n.businessclient_id, n.ship_to_country, count(*), sum(n.cod_amount)
    FROM new_orders n WHERE n.status = 'COD WAITING' GROUP BY 1, 2;
    INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity)
    SELECT n.businessclient_id, i.product_id, count(*), sum(i.quantity)
    FROM new_orders n JOIN order_items i ON i.order_id = n.id
    WHERE n.status = 'No goods' AND i.product_id IS NOT NULL GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    -- (an order's lines are counted off by dashboard_orders_delete_lines, before they cascade away)
    INSERT INTO order_day_status_counts (day, businessclient_id, status, count)
    SELECT (o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status, -count(*)
    FROM old_orders o GROUP BY 1, 2, 3;
    INSERT INTO cod_waiting_totals (businessclient_id, country, count, amount)
    SELECT o.businessclient_id, o.ship_to_country, -count(*), -sum(o.cod_amount)
    FROM old_orders o WHERE o.status = 'COD WAITING' GROUP BY 1, 2;
  ELSE
    INSERT INTO order_day_status_counts (day, businessclient_id, status, count)
    SELECT d.day, d.businessclient_id, d.status, sum(d.delta)
    FROM old_orders o JOIN new_orders n USING (id)
    CROSS JOIN LATERAL (VALUES
      (-1, (o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status),
      (1, (n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.status)
    ) d(delta, day, businessclient_id, status)
    WHERE o.status IS DISTINCT FROM n.status OR o.businessclient_id IS DISTINCT FROM n.businessclient_id
       OR o.created_at IS DISTINCT FROM n.created_at
    GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0;
    INSERT INTO cod_waiting_totals (businessclient_id, country, count, amount)
    SELECT d.businessclient_id, d.country, sum(d.delta), sum(d.delta * d.amount)
    FROM old_orders o JOIN new_orders n USING (id)
    CROSS JOIN LATERAL (VALUES
      (-1, o.businessclient_id, o.ship_to_country, o.cod_amount, o.status),
      (1, n.businessclient_id, n.ship_to_country, n.cod_amount, n.status)
    ) d(delta, businessclient_id, country, amount, status)
    WHERE d.status = 'COD WAITING'
      AND (o.status IS DISTINCT FROM n.status OR o.businessclient_id IS DISTINCT FROM n.businessclient_id
           OR o.ship_to_country IS DISTINCT FROM n.ship_to_country OR o.cod_amount IS DISTINCT FROM n.cod_amount)
    GROUP BY 1, 2 HAVING sum(d.delta) <> 0 OR sum(d.delta * d.amount) <> 0;
    INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity)
    SELECT d.businessclient_id, i.product_id, sum(d.delta), sum(d.delta * i.quantity)
    FROM old_orders o JOIN new_orders n USING (id)
    CROSS JOIN LATERAL (VALUES (-1, o.businessclient_id, o.status), (1, n.businessclient_id, n.status))
      d(delta, businessclient_id, status)
    JOIN order_items i ON i.order_id = n.id
    WHERE d.status = 'No goods' AND i.product_id IS NOT NULL
      AND (o.status IS DISTINCT FROM n.status OR o.businessclient_id IS DISTINCT FROM n.businessclient_id)
    GROUP BY 1, 2 HAVING sum(d.delta) <> 0 OR sum(d.delta * i.quantity) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A deleted No goods order's lines, counted off while they still exist (the cascade removes them after
-- the order's row, when no trigger can tell any more that their order was waiting for goods).
CREATE FUNCTION dashboard_orders_delete_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'No goods' THEN
    INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity)
    SELECT OLD.businessclient_id, i.product_id, -count(*), -sum(i.quantity)
    FROM order_items i WHERE i.order_id = OLD.id AND i.product_id IS NOT NULL GROUP BY i.product_id;
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
-- Order lines added, changed or removed while their order is in No goods.
CREATE FUNCTION dashboard_order_items_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity)
    SELECT o.businessclient_id, n.product_id, count(*), sum(n.quantity)
    FROM new_items n JOIN orders o ON o.id = n.order_id
    WHERE o.status = 'No goods' AND n.product_id IS NOT NULL GROUP BY 1, 2;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity)
    SELECT o.businessclient_id, x.product_id, -count(*), -sum(x.quantity)
    FROM old_items x JOIN orders o ON o.id = x.order_id
    WHERE o.status = 'No goods' AND x.product_id IS NOT NULL GROUP BY 1, 2;
  ELSE
    INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity)
    SELECT o.businessclient_id, d.product_id, sum(d.delta), sum(d.delta * d.quantity)
    FROM old_items x JOIN new_items n USING (id)
    CROSS JOIN LATERAL (VALUES (-1, x.order_id, x.product_id, x.quantity), (1, n.order_id, n.product_id, n.quantity))
      d(delta, order_id, product_id, quantity)
    JOIN orders o ON o.id = d.order_id
    WHERE o.status = 'No goods' AND d.product_id IS NOT NULL
      AND (x.product_id IS DISTINCT FROM n.product_id OR x.quantity IS DISTINCT FROM n.quantity
           OR x.order_id IS DISTINCT FROM n.order_id)
    GROUP BY 1, 2 HAVING sum(d.delta) <> 0 OR sum(d.delta * d.quantity) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Services: not on a bill, per month of creation, client and currency (the dashboard); every service per
-- day and month of creation, client and billed or not (the services list's total).
CREATE FUNCTION dashboard_services_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_day_counts (kind, day, businessclient_id, billed, count)
    SELECT d.kind, d.day, n.businessclient_id, n.bill_id IS NOT NULL, count(*)
    FROM new_services n
    CROSS JOIN LATERAL (VALUES ('d', (n.created_at AT TIME ZONE 'UTC')::date),
                               ('m', date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date)) d(kind, day)
    GROUP BY 1, 2, 3, 4;
    INSERT INTO unbilled_service_totals (month, businessclient_id, currency, count, amount)
    SELECT date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.currency,
           count(*), sum(n.amount)
    FROM new_services n WHERE n.bill_id IS NULL GROUP BY 1, 2, 3;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO service_day_counts (kind, day, businessclient_id, billed, count)
    SELECT d.kind, d.day, o.businessclient_id, o.bill_id IS NOT NULL, -count(*)
    FROM old_services o
    CROSS JOIN LATERAL (VALUES ('d', (o.created_at AT TIME ZONE 'UTC')::date),
                               ('m', date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date)) d(kind, day)
    GROUP BY 1, 2, 3, 4;
    INSERT INTO unbilled_service_totals (month, businessclient_id, currency, count, amount)
    SELECT date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.currency,
           -count(*), -sum(o.amount)
    FROM old_services o WHERE o.bill_id IS NULL GROUP BY 1, 2, 3;
  ELSE
    INSERT INTO service_day_counts (kind, day, businessclient_id, billed, count)
    SELECT d.kind, d.day, d.businessclient_id, d.billed, sum(d.delta)
    FROM old_services o JOIN new_services n USING (id)
    CROSS JOIN LATERAL (VALUES
      ('d', -1, (o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.bill_id IS NOT NULL),
      ('d', 1, (n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.bill_id IS NOT NULL),
      ('m', -1, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.bill_id IS NOT NULL),
      ('m', 1, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.bill_id IS NOT NULL)
    ) d(kind, delta, day, businessclient_id, billed)
    WHERE (o.bill_id IS NULL) <> (n.bill_id IS NULL) OR o.businessclient_id IS DISTINCT FROM n.businessclient_id
       OR o.created_at IS DISTINCT FROM n.created_at
    GROUP BY 1, 2, 3, 4 HAVING sum(d.delta) <> 0;
    INSERT INTO unbilled_service_totals (month, businessclient_id, currency, count, amount)
    SELECT d.month, d.businessclient_id, d.currency, sum(d.delta), sum(d.delta * d.amount)
    FROM old_services o JOIN new_services n USING (id)
    CROSS JOIN LATERAL (VALUES
      (-1, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.currency,
       o.amount, o.bill_id IS NULL),
      (1, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.currency,
       n.amount, n.bill_id IS NULL)
    ) d(delta, month, businessclient_id, currency, amount, unbilled)
    WHERE d.unbilled
      AND (o.bill_id IS DISTINCT FROM n.bill_id OR o.amount IS DISTINCT FROM n.amount
           OR o.currency IS DISTINCT FROM n.currency OR o.businessclient_id IS DISTINCT FROM n.businessclient_id
           OR o.created_at IS DISTINCT FROM n.created_at)
    GROUP BY 1, 2, 3 HAVING sum(d.delta) <> 0 OR sum(d.delta * d.amount) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_orders_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_status_counts;
  DELETE FROM cod_waiting_totals;
  DELETE FROM nogoods_demand;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION dashboard_services_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM service_day_counts;
  DELETE FROM unbilled_service_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_delete_lines BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION dashboard_orders_delete_lines();
--> statement-breakpoint
CREATE TRIGGER dashboard_orders_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_orders_truncate();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_items_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_items_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_items_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_items_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_order_items_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION dashboard_order_items_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_services_insert AFTER INSERT ON services
  REFERENCING NEW TABLE AS new_services FOR EACH STATEMENT EXECUTE FUNCTION dashboard_services_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_services_update AFTER UPDATE ON services
  REFERENCING OLD TABLE AS old_services NEW TABLE AS new_services FOR EACH STATEMENT EXECUTE FUNCTION dashboard_services_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_services_delete AFTER DELETE ON services
  REFERENCING OLD TABLE AS old_services FOR EACH STATEMENT EXECUTE FUNCTION dashboard_services_apply();
--> statement-breakpoint
CREATE TRIGGER dashboard_services_truncate AFTER TRUNCATE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_services_truncate();
--> statement-breakpoint
-- The triggers hold the tables against writes until this migration commits: the backfill counts still tables.
INSERT INTO order_day_status_counts (day, businessclient_id, status, count, merged)
SELECT (o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status, count(*), true
FROM orders o GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO cod_waiting_totals (businessclient_id, country, count, amount, merged)
SELECT o.businessclient_id, o.ship_to_country, count(*), sum(o.cod_amount), true
FROM orders o WHERE o.status = 'COD WAITING' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO nogoods_demand (businessclient_id, product_id, lines, quantity, merged)
SELECT o.businessclient_id, i.product_id, count(*), sum(i.quantity), true
FROM orders o JOIN order_items i ON i.order_id = o.id
WHERE o.status = 'No goods' AND i.product_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO unbilled_service_totals (month, businessclient_id, currency, count, amount, merged)
SELECT date_trunc('month', s.created_at AT TIME ZONE 'UTC')::date, s.businessclient_id, s.currency,
       count(*), sum(s.amount), true
FROM services s WHERE s.bill_id IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO service_day_counts (kind, day, businessclient_id, billed, count, merged)
SELECT d.kind, d.day, s.businessclient_id, s.bill_id IS NOT NULL, count(*), true
FROM services s
CROSS JOIN LATERAL (VALUES ('d', (s.created_at AT TIME ZONE 'UTC')::date),
                           ('m', date_trunc('month', s.created_at AT TIME ZONE 'UTC')::date)) d(kind, day)
GROUP BY 1, 2, 3, 4;
