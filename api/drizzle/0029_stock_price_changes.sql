-- the trading days each counted write of stock_prices touched, so a reader that kept the closes of a counter
-- value re-reads only the days changed since (docs/decisions.md#dashboard-cache; api/src/db/schema/data-versions.ts)
CREATE TABLE "stock_price_changes" (
	"version" bigint NOT NULL,
	"trade_date" date
);
--> statement-breakpoint
CREATE INDEX "stock_price_changes_version_idx" ON "stock_price_changes" USING btree ("version");
--> statement-breakpoint
-- once per statement: the distinct days of its rows under the counter's new value (this trigger fires after
-- "stock_prices_data_version": triggers of one kind fire in name order); a TRUNCATE is a null day, every day
CREATE FUNCTION "record_stock_price_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counter bigint := (SELECT "version" FROM "data_versions" WHERE "name" = 'stock_prices');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "stock_price_changes" ("version", "trade_date") SELECT DISTINCT counter, "trade_date" FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "stock_price_changes" ("version", "trade_date")
      SELECT counter, "trade_date" FROM new_rows UNION SELECT counter, "trade_date" FROM old_rows;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "stock_price_changes" ("version", "trade_date") SELECT DISTINCT counter, "trade_date" FROM old_rows;
  ELSE
    INSERT INTO "stock_price_changes" ("version", "trade_date") VALUES (counter, NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- a trigger with transition tables serves one kind of statement
CREATE TRIGGER "stock_prices_days_changed_insert" AFTER INSERT ON "stock_prices" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "record_stock_price_days"();
--> statement-breakpoint
CREATE TRIGGER "stock_prices_days_changed_update" AFTER UPDATE ON "stock_prices"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "record_stock_price_days"();
--> statement-breakpoint
CREATE TRIGGER "stock_prices_days_changed_delete" AFTER DELETE ON "stock_prices" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "record_stock_price_days"();
--> statement-breakpoint
CREATE TRIGGER "stock_prices_days_changed_truncate" AFTER TRUNCATE ON "stock_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "record_stock_price_days"();
--> statement-breakpoint
-- the index's closes get a counter too (copy of 0006): the comparison keeps them while it is unchanged
INSERT INTO "data_versions" ("name", "version") VALUES ('index_closes', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "index_closes_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "index_closes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
