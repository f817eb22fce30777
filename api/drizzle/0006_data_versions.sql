CREATE TABLE "data_versions" (
	"name" varchar(63) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- once per statement, not per row: a 2,000-row upload costs one UPDATE
CREATE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- each counted table (VersionedTable in api/src/db/queries/data-versions.ts): its row and its trigger
DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY['brokerage_firms', 'charge_types', 'charges', 'holdings', 'segments', 'stock_prices'] LOOP
    INSERT INTO "data_versions" ("name", "version") VALUES (counted, 0);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()',
      counted || '_data_version', counted);
  END LOOP;
END
$$;
