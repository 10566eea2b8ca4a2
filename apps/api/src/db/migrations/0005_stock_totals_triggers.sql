-- stock_totals follows inventory_cards: statement triggers with transition tables add each statement's
-- deltas per (warehouse, business client), one upsert per statement (bulk inserts stay cheap).
CREATE FUNCTION stock_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_totals AS t (warehouse_id, businessclient_id, cards, available, blocked)
    SELECT warehouse_id, businessclient_id, count(*), sum(available), sum(blocked)
    FROM new_cards GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (warehouse_id, businessclient_id) DO UPDATE
      SET cards = t.cards + excluded.cards, available = t.available + excluded.available,
          blocked = t.blocked + excluded.blocked;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO stock_totals AS t (warehouse_id, businessclient_id, cards, available, blocked)
    SELECT warehouse_id, businessclient_id, -count(*), -sum(available), -sum(blocked)
    FROM old_cards GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (warehouse_id, businessclient_id) DO UPDATE
      SET cards = t.cards + excluded.cards, available = t.available + excluded.available,
          blocked = t.blocked + excluded.blocked;
  ELSE
    -- Only rows whose balances or owner changed: pairing or renaming a card locks nothing here.
    INSERT INTO stock_totals AS t (warehouse_id, businessclient_id, cards, available, blocked)
    SELECT warehouse_id, businessclient_id, sum(cards), sum(available), sum(blocked)
    FROM (
      SELECT o.warehouse_id, o.businessclient_id, -1 AS cards, -o.available AS available, -o.blocked AS blocked
      FROM old_cards o JOIN new_cards n USING (id)
      WHERE (o.available, o.blocked, o.warehouse_id, o.businessclient_id)
            IS DISTINCT FROM (n.available, n.blocked, n.warehouse_id, n.businessclient_id)
      UNION ALL
      SELECT n.warehouse_id, n.businessclient_id, 1, n.available, n.blocked
      FROM old_cards o JOIN new_cards n USING (id)
      WHERE (o.available, o.blocked, o.warehouse_id, o.businessclient_id)
            IS DISTINCT FROM (n.available, n.blocked, n.warehouse_id, n.businessclient_id)
    ) d
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (warehouse_id, businessclient_id) DO UPDATE
      SET cards = t.cards + excluded.cards, available = t.available + excluded.available,
          blocked = t.blocked + excluded.blocked;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER stock_totals_insert AFTER INSERT ON inventory_cards
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_apply();
--> statement-breakpoint
CREATE TRIGGER stock_totals_update AFTER UPDATE ON inventory_cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_apply();
--> statement-breakpoint
CREATE TRIGGER stock_totals_delete AFTER DELETE ON inventory_cards
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION stock_totals_apply();
--> statement-breakpoint
INSERT INTO stock_totals (warehouse_id, businessclient_id, cards, available, blocked)
SELECT warehouse_id, businessclient_id, count(*), sum(available), sum(blocked)
FROM inventory_cards GROUP BY 1, 2;
