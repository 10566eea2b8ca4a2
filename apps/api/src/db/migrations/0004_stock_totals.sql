CREATE TABLE "stock_totals" (
	"warehouse_id" uuid NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"cards" bigint DEFAULT 0 NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"blocked" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_totals_warehouse_id_businessclient_id_pk" PRIMARY KEY("warehouse_id","businessclient_id")
);
