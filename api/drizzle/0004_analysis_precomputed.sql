CREATE TABLE "analysis_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"as_of" date,
	"price_rows" bigint NOT NULL,
	"version" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_extremes" (
	"symbol" varchar(50) PRIMARY KEY NOT NULL,
	"high_price" numeric NOT NULL,
	"high_date" date NOT NULL,
	"low_price" numeric NOT NULL,
	"low_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trend_entries" (
	"direction" varchar(4) NOT NULL,
	"period" varchar(12) NOT NULL,
	"position" integer NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"series" varchar(10) NOT NULL,
	"present_date" date NOT NULL,
	"present_open" numeric NOT NULL,
	"present_high" numeric NOT NULL,
	"present_low" numeric NOT NULL,
	"present_close" numeric NOT NULL,
	"present_volume" bigint,
	"previous_date" date NOT NULL,
	"previous_close" numeric NOT NULL,
	"earlier_extreme" numeric NOT NULL,
	"change" numeric NOT NULL,
	"change_percent" numeric,
	CONSTRAINT "trend_entries_direction_period_symbol_pk" PRIMARY KEY("direction","period","symbol"),
	CONSTRAINT "trend_entries_direction_check" CHECK ("trend_entries"."direction" in ('HIGH', 'LOW'))
);
--> statement-breakpoint
CREATE INDEX "trend_entries_list_idx" ON "trend_entries" USING btree ("direction","period","position");