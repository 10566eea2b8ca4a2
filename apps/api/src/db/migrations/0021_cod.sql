CREATE SEQUENCE "public"."cod_transfers_nr_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "cod_collections" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payout_id" uuid,
	"mismatch_id" uuid,
	"transfer_id" uuid,
	"collected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_mismatch_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"mismatch_id" uuid NOT NULL,
	"action" text NOT NULL,
	"amount" numeric(14, 2),
	"reason" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"username" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_mismatches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"businessclient_id" uuid,
	"tracking_id" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"expected" numeric(14, 2),
	"received" numeric(14, 2),
	"status" text DEFAULT 'open' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_mismatches_kind_check" CHECK ("cod_mismatches"."kind" in ('amount_differs', 'unknown_tracking', 'not_paid')),
	CONSTRAINT "cod_mismatches_status_check" CHECK ("cod_mismatches"."status" in ('open', 'accepted', 'adjusted', 'written_off'))
);
--> statement-breakpoint
CREATE TABLE "cod_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"tracking_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"paid_date" date,
	"report_id" text DEFAULT '' NOT NULL,
	"import_id" uuid NOT NULL,
	"order_id" uuid,
	"dedupe_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_payouts_source_check" CHECK ("cod_payouts"."source" in ('econt', 'upload'))
);
--> statement-breakpoint
CREATE TABLE "cod_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tranffer_nr" text DEFAULT 'COD-' || lpad(nextval('cod_transfers_nr_seq')::text, 6, '0') NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"cod_total" numeric(14, 2) NOT NULL,
	"orders_count" integer DEFAULT 0 NOT NULL,
	"netting_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"netted_bills" jsonb,
	"to_bank_account" jsonb NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_transfers_status_check" CHECK ("cod_transfers"."status" in ('New', 'Sent', 'Paid')),
	CONSTRAINT "cod_transfers_amount_check" CHECK ("cod_transfers"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_payout_id_cod_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."cod_payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_mismatch_id_cod_mismatches_id_fk" FOREIGN KEY ("mismatch_id") REFERENCES "public"."cod_mismatches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_collections" ADD CONSTRAINT "cod_collections_transfer_id_cod_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."cod_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_mismatch_actions" ADD CONSTRAINT "cod_mismatch_actions_mismatch_id_cod_mismatches_id_fk" FOREIGN KEY ("mismatch_id") REFERENCES "public"."cod_mismatches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_mismatch_actions" ADD CONSTRAINT "cod_mismatch_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_mismatches" ADD CONSTRAINT "cod_mismatches_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_mismatches" ADD CONSTRAINT "cod_mismatches_payout_id_cod_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."cod_payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_mismatches" ADD CONSTRAINT "cod_mismatches_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_mismatches" ADD CONSTRAINT "cod_mismatches_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_transfers" ADD CONSTRAINT "cod_transfers_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_transfers" ADD CONSTRAINT "cod_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_collections_open_idx" ON "cod_collections" USING btree ("businessclient_id","currency") WHERE "cod_collections"."transfer_id" is null;--> statement-breakpoint
CREATE INDEX "cod_collections_transfer_idx" ON "cod_collections" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "cod_mismatch_actions_mismatch_idx" ON "cod_mismatch_actions" USING btree ("mismatch_id","at");--> statement-breakpoint
CREATE INDEX "cod_mismatches_status_created_idx" ON "cod_mismatches" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "cod_mismatches_payout_key" ON "cod_mismatches" USING btree ("payout_id") WHERE "cod_mismatches"."payout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_mismatches_not_paid_key" ON "cod_mismatches" USING btree ("order_id") WHERE "cod_mismatches"."kind" = 'not_paid';--> statement-breakpoint
CREATE UNIQUE INDEX "cod_payouts_dedupe_key" ON "cod_payouts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "cod_payouts_import_idx" ON "cod_payouts" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "cod_payouts_order_idx" ON "cod_payouts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_transfers_nr_key" ON "cod_transfers" USING btree ("tranffer_nr");--> statement-breakpoint
CREATE INDEX "cod_transfers_created_idx" ON "cod_transfers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cod_transfers_client_created_idx" ON "cod_transfers" USING btree ("businessclient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "cod_transfers_status_created_idx" ON "cod_transfers" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- hand-written (keep when regenerating)
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_transfer_id_cod_transfers_id_fk" FOREIGN KEY ("cod_transfer_id") REFERENCES "public"."cod_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cod_transfer_idx" ON "orders" USING btree ("cod_transfer_id") WHERE "cod_transfer_id" is not null;
-- (payouts find their orders by tracking id through orders_tracking_id_idx of migration 0020)
