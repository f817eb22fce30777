CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"industry" varchar(200),
	"series" varchar(10),
	"isin_code" varchar(12),
	"paid_up_value" numeric,
	"date_of_listing" date,
	"market_lot" integer,
	"face_value" numeric,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_prices" (
	"symbol" varchar(50) NOT NULL,
	"series" varchar(10) NOT NULL,
	"trade_date" date NOT NULL,
	"open_price" numeric NOT NULL,
	"high_price" numeric NOT NULL,
	"low_price" numeric NOT NULL,
	"close_price" numeric NOT NULL,
	"last_price" numeric,
	"prev_close" numeric,
	"total_traded_qty" bigint,
	"total_traded_value" numeric,
	"total_trades" integer,
	"isin" varchar(12),
	CONSTRAINT "stock_prices_symbol_series_trade_date_pk" PRIMARY KEY("symbol","series","trade_date")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "companies_symbol_key" ON "companies" USING btree ("symbol");--> statement-breakpoint
CREATE INDEX "stock_prices_trade_date_idx" ON "stock_prices" USING btree ("trade_date");