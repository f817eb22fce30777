CREATE TABLE "trend_candidates" (
	"symbol" varchar(50) NOT NULL,
	"side" varchar(4) NOT NULL,
	"dates" date[] NOT NULL,
	"keys" numeric[] NOT NULL,
	"closes" numeric[] NOT NULL,
	CONSTRAINT "trend_candidates_symbol_side_pk" PRIMARY KEY("symbol","side")
);
--> statement-breakpoint
-- the candidates start empty: the next start recomputes the analysis (marks_as_of no longer matches D)
UPDATE "analysis_state" SET "marks_as_of" = NULL;
