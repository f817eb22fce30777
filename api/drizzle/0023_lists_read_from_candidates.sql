-- the lists and 12-month extremes are read from trend_candidates and the rows on D
-- (docs/decisions.md#lists-read-from-the-candidates): no longer stored
DROP TABLE "price_extremes" CASCADE;--> statement-breakpoint
DROP TABLE "trend_entries" CASCADE;--> statement-breakpoint
DELETE FROM "data_versions" WHERE "name" = 'trend_entries';--> statement-breakpoint
-- what the lists are read from changes with every refresh, which writes analysis_state: its
-- counter takes trend_entries' place among the dashboard's inputs (copy of 0006)
INSERT INTO "data_versions" ("name", "version") VALUES ('analysis_state', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "analysis_state_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "analysis_state" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
