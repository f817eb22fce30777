CREATE TABLE "brokerage_firms" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"address" varchar(500) NOT NULL,
	"contact_number" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charge_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"brokerage_firm_id" integer NOT NULL,
	"charge_type_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"amount" numeric NOT NULL,
	"percentage" numeric NOT NULL,
	"description" varchar(500),
	"exchange" varchar(3) NOT NULL,
	"on_buy_sell" varchar(4) NOT NULL,
	"effective_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_exchange_check" CHECK ("charges"."exchange" in ('NSE', 'BSE')),
	CONSTRAINT "charges_on_buy_sell_check" CHECK ("charges"."on_buy_sell" in ('BUY', 'SELL', 'BOTH')),
	CONSTRAINT "charges_amounts_check" CHECK ("charges"."amount" >= 0 and "charges"."percentage" >= 0)
);
--> statement-breakpoint
CREATE TABLE "financial_instrument_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"description" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brokerage_firm_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"exchange" varchar(3) NOT NULL,
	"quantity" integer NOT NULL,
	"lot_quantity" integer NOT NULL,
	"price" numeric NOT NULL,
	"sell_price" numeric,
	"status" varchar(10) NOT NULL,
	"creation_date" date NOT NULL,
	"selling_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_exchange_check" CHECK ("holdings"."exchange" in ('NSE', 'BSE')),
	CONSTRAINT "holdings_status_check" CHECK ("holdings"."status" in ('REALIZED', 'UNREALIZED')),
	CONSTRAINT "holdings_quantity_check" CHECK ("holdings"."quantity" > 0 and "holdings"."lot_quantity" >= "holdings"."quantity"),
	CONSTRAINT "holdings_price_check" CHECK ("holdings"."price" > 0),
	CONSTRAINT "holdings_selling_date_check" CHECK ("holdings"."selling_date" is null or "holdings"."selling_date" >= "holdings"."creation_date")
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_brokerage_firm_id_brokerage_firms_id_fk" FOREIGN KEY ("brokerage_firm_id") REFERENCES "public"."brokerage_firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_charge_type_id_charge_types_id_fk" FOREIGN KEY ("charge_type_id") REFERENCES "public"."charge_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_brokerage_firm_id_brokerage_firms_id_fk" FOREIGN KEY ("brokerage_firm_id") REFERENCES "public"."brokerage_firms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokerage_firms_name_lower_key" ON "brokerage_firms" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "charge_types_name_lower_key" ON "charge_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "charges_rule_key" ON "charges" USING btree ("brokerage_firm_id","segment_id","exchange","charge_type_id","on_buy_sell","effective_date");--> statement-breakpoint
CREATE INDEX "charges_charge_type_idx" ON "charges" USING btree ("charge_type_id");--> statement-breakpoint
CREATE INDEX "charges_segment_idx" ON "charges" USING btree ("segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_instrument_types_type_lower_key" ON "financial_instrument_types" USING btree (lower("type"));--> statement-breakpoint
CREATE INDEX "holdings_user_segment_idx" ON "holdings" USING btree ("user_id","segment_id");--> statement-breakpoint
CREATE INDEX "holdings_firm_idx" ON "holdings" USING btree ("brokerage_firm_id");--> statement-breakpoint
CREATE INDEX "holdings_segment_idx" ON "holdings" USING btree ("segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_name_lower_key" ON "segments" USING btree (lower("name"));