CREATE TABLE "price_adjustments" (
	"symbol" varchar(50) NOT NULL,
	"from_date" date,
	"to_date" date NOT NULL,
	"divisor" numeric NOT NULL,
	CONSTRAINT "price_adjustments_symbol_to_date_pk" PRIMARY KEY("symbol","to_date")
);
