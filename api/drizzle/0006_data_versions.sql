CREATE TABLE "data_versions" (
	"name" varchar(63) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('brokerage_firms', 0), ('charge_types', 0), ('charges', 0), ('holdings', 0), ('segments', 0), ('stock_prices', 0);
--> statement-breakpoint
-- once per statement, not per row: a 2,000-row upload costs one UPDATE
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "brokerage_firms_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brokerage_firms"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE TRIGGER "charge_types_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "charge_types"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE TRIGGER "charges_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "charges"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE TRIGGER "holdings_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "holdings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE TRIGGER "segments_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "segments"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
--> statement-breakpoint
CREATE TRIGGER "stock_prices_data_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stock_prices"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"();
