ALTER TABLE "holdings" DROP CONSTRAINT "holdings_quantity_check";--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "basis_date" date;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_quantity_check" CHECK ("holdings"."quantity" > 0 and "holdings"."lot_quantity" > 0 and ("holdings"."basis_date" is not null or "holdings"."lot_quantity" >= "holdings"."quantity"));--> statement-breakpoint
-- holdings follow the corporate actions' events: their caches and ETags count its writes (copy of 0006)
INSERT INTO "data_versions" ("name", "version") VALUES ('corporate_action_events', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "corporate_action_events_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "corporate_action_events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
