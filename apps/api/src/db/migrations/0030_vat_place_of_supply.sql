ALTER TABLE "bills" ADD COLUMN "vat_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "business_clients" ADD COLUMN "oss_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "business_clients" ADD COLUMN "oss_since" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "vat_treatment" text DEFAULT 'domestic' NOT NULL;