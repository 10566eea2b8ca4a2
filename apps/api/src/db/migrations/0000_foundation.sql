CREATE TABLE "business_client_bank_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"bankname" text NOT NULL,
	"currency" text NOT NULL,
	"account_nr" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"address_city" text DEFAULT '' NOT NULL,
	"address_country" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_client_company_ids" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"country" text NOT NULL,
	"coid" text DEFAULT '' NOT NULL,
	"taxid" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_client_contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"businessclient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address_country" text DEFAULT '' NOT NULL,
	"address_region" text DEFAULT '' NOT NULL,
	"address_province" text DEFAULT '' NOT NULL,
	"address_city" text DEFAULT '' NOT NULL,
	"address_street" text DEFAULT '' NOT NULL,
	"address_street_nr" text DEFAULT '' NOT NULL,
	"address_postcode" text DEFAULT '' NOT NULL,
	"invoicing_auto_generate" boolean DEFAULT false NOT NULL,
	"automatic_blocking_goods" boolean DEFAULT true NOT NULL,
	"automatic_assign_courier" boolean DEFAULT true NOT NULL,
	"email_new_po" boolean DEFAULT false NOT NULL,
	"email_shipping_po" boolean DEFAULT false NOT NULL,
	"tickets_new_ticket" boolean DEFAULT false NOT NULL,
	"tickets_new_message" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_id" uuid,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sys_lang" text DEFAULT 'CZ' NOT NULL,
	"country" text,
	"businessclient_id" uuid,
	"last_signin_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'disabled')),
	CONSTRAINT "users_sys_lang_check" CHECK ("users"."sys_lang" in ('ENG', 'RO', 'CZ', 'SK', 'RU')),
	CONSTRAINT "users_roles_check" CHECK (cardinality("users"."roles") > 0 and "users"."roles" <@ array['admin','operator','finance','client']::text[])
);
--> statement-breakpoint
ALTER TABLE "business_client_bank_accounts" ADD CONSTRAINT "business_client_bank_accounts_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_client_company_ids" ADD CONSTRAINT "business_client_company_ids_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_client_contacts" ADD CONSTRAINT "business_client_contacts_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_businessclient_id_business_clients_id_fk" FOREIGN KEY ("businessclient_id") REFERENCES "public"."business_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_client_bank_accounts_owner_idx" ON "business_client_bank_accounts" USING btree ("businessclient_id");--> statement-breakpoint
CREATE INDEX "business_client_company_ids_owner_idx" ON "business_client_company_ids" USING btree ("businessclient_id");--> statement-breakpoint
CREATE INDEX "business_client_contacts_owner_idx" ON "business_client_contacts" USING btree ("businessclient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_country_idx" ON "couriers" USING btree ("name","country");--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_one_default_per_country_idx" ON "couriers" USING btree ("country") WHERE "couriers"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_idx" ON "warehouses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_businessclient_idx" ON "users" USING btree ("businessclient_id");