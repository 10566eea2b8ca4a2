ALTER TABLE "order_change_logs" ADD COLUMN "event" text;--> statement-breakpoint
ALTER TABLE "order_change_logs" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- Backfill: the event and parameters of the log's common English sentences (issue 27). A row not recognised
-- keeps event NULL and is shown as its stored text.
UPDATE "order_change_logs" l SET "event" = 'created', "params" = jsonb_build_object('status', x.m[1], 'copyOf', x.m[2]::bigint)
FROM (SELECT id, regexp_match(what, '^Order created \(([^()]+)\) as a copy of order (\d+)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'created', "params" = jsonb_build_object('status', x.m[1])
FROM (SELECT id, regexp_match(what, '^Order created \(([^()]+)\)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'imported', "params" = jsonb_build_object('eshopUrl', x.m[1])
FROM (SELECT id, regexp_match(what, '^Order imported from (.*) \(New\)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'statusChanged', "params" = jsonb_strip_nulls(jsonb_build_object(
  'from', btrim(x.m[1]),
  'to', btrim(x.m[2]),
  'stock', CASE WHEN x.m[3] LIKE 'stock blocked%' THEN 'blocked' WHEN x.m[3] = 'blocked stock released' THEN 'released' END,
  'reason', CASE coalesce(x.m[4], x.m[3])
    WHEN 'goods received' THEN 'goodsReceived' WHEN 'items changed' THEN 'itemsChanged' WHEN 'warehouse changed' THEN 'warehouseChanged' END))
FROM (SELECT id, regexp_match(what, '^Status: ([^→]+) → ([^(]+)(?: \((stock blocked|blocked stock released|stock blocked: (goods received|items changed|warehouse changed)|goods received|items changed|warehouse changed)\))?$') AS m
      FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'stockBlockedAgain', "params" = jsonb_strip_nulls(jsonb_build_object('reason', CASE x.m[1]
    WHEN 'goods received' THEN 'goodsReceived' WHEN 'items changed' THEN 'itemsChanged' WHEN 'warehouse changed' THEN 'warehouseChanged' END))
FROM (SELECT id, regexp_match(what, '^Stock blocked again(?:: (goods received|items changed|warehouse changed))?$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'courierAssigned', "params" = jsonb_build_object('courier', x.m[1], 'country', x.m[2])
FROM (SELECT id, regexp_match(what, '^Courier: — → (.+) \(default courier of (.+), assigned automatically\)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'fieldChanged', "params" = jsonb_build_object(
  'field', x.field,
  'kind', x.kind,
  'from', CASE WHEN x.m[1] = '—' THEN 'null'::jsonb
    WHEN x.kind = 'money' AND x.m[1] ~ '^-?\d+(\.\d+)?$' THEN to_jsonb(x.m[1]::numeric)
    WHEN x.kind = 'grams' AND x.m[1] ~ '^\d+ g$' THEN to_jsonb(split_part(x.m[1], ' ', 1)::int)
    WHEN x.kind = 'boolean' AND x.m[1] IN ('yes', 'no') THEN to_jsonb(x.m[1] = 'yes')
    ELSE to_jsonb(x.m[1]) END,
  'to', CASE WHEN x.m[2] = '—' THEN 'null'::jsonb
    WHEN x.kind = 'money' AND x.m[2] ~ '^-?\d+(\.\d+)?$' THEN to_jsonb(x.m[2]::numeric)
    WHEN x.kind = 'grams' AND x.m[2] ~ '^\d+ g$' THEN to_jsonb(split_part(x.m[2], ' ', 1)::int)
    WHEN x.kind = 'boolean' AND x.m[2] IN ('yes', 'no') THEN to_jsonb(x.m[2] = 'yes')
    ELSE to_jsonb(x.m[2]) END)
FROM (
  SELECT c.id, f.field, f.kind, regexp_match(substr(c.what, length(f.label) + 3), '^(.*) → (.*)$') AS m
  FROM "order_change_logs" c
  JOIN (VALUES
    ('Order number', 'clientOrderNr', 'text'), ('Country', 'shipTo.country', 'country'),
    ('Province', 'shipTo.province', 'text'), ('City', 'shipTo.city', 'text'), ('District', 'shipTo.district', 'text'),
    ('Street', 'shipTo.street', 'text'), ('Street number', 'shipTo.streetNr', 'text'),
    ('Post code', 'shipTo.postcode', 'text'), ('Phone', 'shipTo.phone', 'text'), ('Company', 'shipTo.isCompany', 'boolean'),
    ('Client first name', 'client.firstName', 'text'), ('Client last name', 'client.lastName', 'text'),
    ('Client email', 'client.email', 'text'), ('Client company', 'client.isCompany', 'boolean'),
    ('Client company name', 'client.companyName', 'text'), ('Client tax id', 'client.taxId', 'text'),
    ('Client trade register number', 'client.nr_reg_com', 'text'), ('Client phone', 'client.phone', 'text'),
    ('Client country', 'client.country', 'country'), ('Client province', 'client.province', 'text'),
    ('Client city', 'client.city', 'text'), ('Client street', 'client.street', 'text'),
    ('Client street number', 'client.streetNr', 'text'), ('Client post code', 'client.postcode', 'text'),
    ('Courier', 'courier', 'text'), ('Assigned user', 'assignedUser', 'text'), ('Warehouse', 'warehouse', 'text'),
    ('Delivery date', 'deliveryDate', 'date'), ('Shipping cost', 'shippingCost', 'money'),
    ('Tracking id', 'trackingId', 'text'), ('Tracking url', 'trackingUrl', 'text'), ('Weight', 'weight', 'grams'),
    ('Payment status', 'paymentStatus', 'paymentStatus'), ('COD', 'codApply', 'boolean'),
    ('COD amount', 'codAmount', 'money'), ('Payment type', 'paymentType', 'paymentType'),
    ('Packing instructions', 'instructions', 'text'), ('Generate invoice', 'generateInvoice', 'boolean'),
    ('Office', 'toOffice', 'text'), ('Office code', 'officeCode', 'text')
  ) AS f(label, field, kind) ON starts_with(c.what, f.label || ': ')
  WHERE c."event" IS NULL
) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'totalChanged', "params" = jsonb_build_object('from', x.m[1]::numeric, 'to', x.m[2]::numeric)
FROM (SELECT id, regexp_match(what, '^Total: (-?\d+\.\d+) → (-?\d+\.\d+)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = CASE x.m[1] WHEN 'added' THEN 'itemAdded' ELSE 'itemRemoved' END,
  "params" = jsonb_build_object('sku', x.m[2], 'name', x.m[3], 'quantity', x.m[4]::int, 'price', x.m[5]::numeric)
FROM (SELECT id, regexp_match(what, '^Item (added|removed): (\S+) (.*) × (\d+) \((-?\d+\.\d+)\)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" SET "event" = 'itemsReplaced', "params" = '{}'::jsonb
WHERE "event" IS NULL AND what = 'Items replaced by the e-shop’s order';--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'duplicated', "params" = jsonb_build_object('copy', x.m[1]::bigint)
FROM (SELECT id, regexp_match(what, '^Duplicated as order (\d+)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'deletedInEshop', "params" = jsonb_build_object('status', x.m[1])
FROM (SELECT id, regexp_match(what, '^Deleted in the e-shop; an order in status (.+) cannot be canceled$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;--> statement-breakpoint
UPDATE "order_change_logs" l SET "event" = 'productPaired', "params" = jsonb_build_object('sku', x.m[1], 'name', x.m[2])
FROM (SELECT id, regexp_match(what, '^Item (\S+) paired with product (.*)$') AS m FROM "order_change_logs" WHERE "event" IS NULL) x
WHERE x.id = l.id AND x.m IS NOT NULL;
