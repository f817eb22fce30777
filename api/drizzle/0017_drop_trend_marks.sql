DROP TABLE "trend_marks" CASCADE;--> statement-breakpoint
-- the candidates start empty: the next start recomputes the analysis (marks_as_of no longer matches D)
UPDATE "analysis_state" SET "marks_as_of" = NULL;