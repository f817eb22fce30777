CREATE TABLE "trend_candidates" (
	"symbol" varchar(50) NOT NULL,
	"side" varchar(4) NOT NULL,
	"trade_date" date NOT NULL,
	"price" numeric NOT NULL,
	"close_price" numeric NOT NULL,
	CONSTRAINT "trend_candidates_symbol_side_trade_date_pk" PRIMARY KEY("symbol","side","trade_date")
);
