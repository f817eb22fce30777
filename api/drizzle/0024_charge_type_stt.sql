ALTER TABLE "charge_types" ADD COLUMN "stt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- the securities transaction tax seeded and entered so far (docs/product/tax.md#rules)
UPDATE "charge_types" SET "stt" = true WHERE lower("name") IN ('stt', 'securities transaction tax');
