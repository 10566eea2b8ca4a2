-- One number names one tax document of its issuer, whatever its kind (FINANCE.md "Numbering"): the number is
-- unique per business client across invoices and credit notes, per issuer across bills and bill credit notes.
-- A database that already holds two documents of one issuer with one number (a Bulgarian client's invoice and
-- credit note both 0000000001) stops here, naming the duplicate: such documents need an accountant, not a rewrite.
DROP INDEX "bills_number_key";--> statement-breakpoint
DROP INDEX "invoices_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_key" ON "bills" USING btree ("issuer_id","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("businessclient_id","sequence_number");