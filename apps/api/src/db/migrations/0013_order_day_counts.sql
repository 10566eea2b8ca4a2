CREATE TABLE "order_day_counts" (
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"status" text NOT NULL,
	"country" text NOT NULL,
	"courier_id" uuid NOT NULL,
	"cod" boolean NOT NULL,
	"count" bigint NOT NULL,
	"merged" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_day_counts_kind_check" CHECK ("order_day_counts"."kind" in ('c', 'u', 'cm', 'um'))
);
--> statement-breakpoint
-- Covering (INCLUDE, written here: the schema builder has no INCLUDE): the sums read the index alone.
CREATE INDEX "order_day_counts_day_idx" ON "order_day_counts" USING btree ("kind","day") INCLUDE ("businessclient_id","status","country","courier_id","cod","count");--> statement-breakpoint
CREATE UNIQUE INDEX "order_day_counts_merged_key" ON "order_day_counts" USING btree ("kind","day","businessclient_id","status","country","courier_id","cod") WHERE "order_day_counts"."merged";--> statement-breakpoint
-- order_day_counts follows orders (ADR 0012): each statement appends its deltas, per key, by the day
-- (UTC) of createdAt ('c') and of updatedAt ('u'), and by their month ('cm', 'um': day is the month's
-- first day), so a long range sums months and only its ends sum days; an order whose key did not change adds -1 and +1 that
-- cancel out, so editing an address on the same day appends nothing. Appending locks no existing row, so
-- concurrent writers never wait for each other here; the maintenance job merges the deltas.
CREATE FUNCTION order_day_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_day_counts (kind, day, businessclient_id, status, country, courier_id, cod, count)
    SELECT d.kind, d.day, n.businessclient_id, n.status, n.ship_to_country,
           coalesce(n.courier_id, '00000000-0000-0000-0000-000000000000'), n.cod_apply, count(*)
    FROM new_orders n
    CROSS JOIN LATERAL (VALUES ('c', (n.created_at AT TIME ZONE 'UTC')::date),
                               ('u', (n.updated_at AT TIME ZONE 'UTC')::date),
                               ('cm', date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date),
                               ('um', date_trunc('month', n.updated_at AT TIME ZONE 'UTC')::date)) d(kind, day)
    GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_day_counts (kind, day, businessclient_id, status, country, courier_id, cod, count)
    SELECT d.kind, d.day, o.businessclient_id, o.status, o.ship_to_country,
           coalesce(o.courier_id, '00000000-0000-0000-0000-000000000000'), o.cod_apply, -count(*)
    FROM old_orders o
    CROSS JOIN LATERAL (VALUES ('c', (o.created_at AT TIME ZONE 'UTC')::date),
                               ('u', (o.updated_at AT TIME ZONE 'UTC')::date),
                               ('cm', date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date),
                               ('um', date_trunc('month', o.updated_at AT TIME ZONE 'UTC')::date)) d(kind, day)
    GROUP BY 1, 2, 3, 4, 5, 6, 7;
  ELSE
    INSERT INTO order_day_counts (kind, day, businessclient_id, status, country, courier_id, cod, count)
    SELECT d.kind, d.day, d.businessclient_id, d.status, d.country, d.courier_id, d.cod, sum(d.delta)
    FROM old_orders o JOIN new_orders n USING (id)
    CROSS JOIN LATERAL (VALUES
      ('c', -1, (o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status, o.ship_to_country,
       coalesce(o.courier_id, '00000000-0000-0000-0000-000000000000'), o.cod_apply),
      ('c', 1, (n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.status, n.ship_to_country,
       coalesce(n.courier_id, '00000000-0000-0000-0000-000000000000'), n.cod_apply),
      ('u', -1, (o.updated_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status, o.ship_to_country,
       coalesce(o.courier_id, '00000000-0000-0000-0000-000000000000'), o.cod_apply),
      ('u', 1, (n.updated_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.status, n.ship_to_country,
       coalesce(n.courier_id, '00000000-0000-0000-0000-000000000000'), n.cod_apply),
      ('cm', -1, date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status, o.ship_to_country,
       coalesce(o.courier_id, '00000000-0000-0000-0000-000000000000'), o.cod_apply),
      ('cm', 1, date_trunc('month', n.created_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.status, n.ship_to_country,
       coalesce(n.courier_id, '00000000-0000-0000-0000-000000000000'), n.cod_apply),
      ('um', -1, date_trunc('month', o.updated_at AT TIME ZONE 'UTC')::date, o.businessclient_id, o.status, o.ship_to_country,
       coalesce(o.courier_id, '00000000-0000-0000-0000-000000000000'), o.cod_apply),
      ('um', 1, date_trunc('month', n.updated_at AT TIME ZONE 'UTC')::date, n.businessclient_id, n.status, n.ship_to_country,
       coalesce(n.courier_id, '00000000-0000-0000-0000-000000000000'), n.cod_apply)
    ) d(kind, delta, day, businessclient_id, status, country, courier_id, cod)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d.delta) <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION order_day_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_day_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_day_counts_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_day_counts_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_day_counts_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_apply();
--> statement-breakpoint
CREATE TRIGGER order_day_counts_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_day_counts_truncate();
--> statement-breakpoint
-- The triggers hold orders against writes until this migration commits: the backfill counts a still table.
INSERT INTO order_day_counts (kind, day, businessclient_id, status, country, courier_id, cod, count, merged)
SELECT d.kind, d.day, o.businessclient_id, o.status, o.ship_to_country,
       coalesce(o.courier_id, '00000000-0000-0000-0000-000000000000'), o.cod_apply, count(*), true
FROM orders o
CROSS JOIN LATERAL (VALUES ('c', (o.created_at AT TIME ZONE 'UTC')::date),
                           ('u', (o.updated_at AT TIME ZONE 'UTC')::date),
                           ('cm', date_trunc('month', o.created_at AT TIME ZONE 'UTC')::date),
                           ('um', date_trunc('month', o.updated_at AT TIME ZONE 'UTC')::date)) d(kind, day)
GROUP BY 1, 2, 3, 4, 5, 6, 7;
