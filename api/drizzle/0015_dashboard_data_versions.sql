-- the dashboard's answer is cached per user and answered 304 while nothing it reads was written
-- (docs/decisions.md#dashboard-cache): its other inputs get their counters too (copy of 0006)
DO $$
DECLARE
  counted text;
BEGIN
  FOREACH counted IN ARRAY ARRAY['watchlist_entries', 'trend_entries', 'companies'] LOOP
    INSERT INTO "data_versions" ("name", "version") VALUES (counted, 0) ON CONFLICT DO NOTHING;
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"()',
      counted || '_data_version', counted);
  END LOOP;
END
$$;
