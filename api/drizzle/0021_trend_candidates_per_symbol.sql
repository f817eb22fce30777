CREATE TABLE "trend_candidates" (
	"symbol" varchar(50) PRIMARY KEY NOT NULL,
	"high_dates" date[] NOT NULL,
	"high_keys" numeric[] NOT NULL,
	"low_dates" date[] NOT NULL,
	"low_keys" numeric[] NOT NULL,
	"last_close" numeric NOT NULL
);
--> statement-breakpoint
-- the candidates start empty: the next start recomputes the analysis (marks_as_of no longer matches D)
UPDATE "analysis_state" SET "marks_as_of" = NULL;
