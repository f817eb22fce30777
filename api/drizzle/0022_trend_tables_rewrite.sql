DROP INDEX "trend_entries_list_idx";
--> statement-breakpoint
-- every refresh rewrites each traded symbol's row: room on its page keeps the update heap-only (drizzle has no table storage options)
ALTER TABLE "trend_candidates" SET (fillfactor = 50);
--> statement-breakpoint
-- the candidates are rebuilt at the next start (marks_as_of no longer matches D), on pages filled to the new factor
UPDATE "analysis_state" SET "marks_as_of" = NULL;
