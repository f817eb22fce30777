CREATE TABLE "trend_marks" (
	"symbol" varchar(50) NOT NULL,
	"period" varchar(12) NOT NULL,
	"high_price" numeric NOT NULL,
	"high_date" date NOT NULL,
	"low_price" numeric NOT NULL,
	"low_date" date NOT NULL,
	"last_date" date NOT NULL,
	"last_close" numeric NOT NULL,
	CONSTRAINT "trend_marks_symbol_period_pk" PRIMARY KEY("symbol","period")
);
--> statement-breakpoint
ALTER TABLE "analysis_state" ADD COLUMN "marks_as_of" date;