CREATE TABLE "imported_trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brokerage_firm_id" integer NOT NULL,
	"import_key" varchar(200) NOT NULL,
	"side" varchar(4) NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"trade_date" date NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_trades_side_check" CHECK ("imported_trades"."side" in ('BUY', 'SELL'))
);
--> statement-breakpoint
ALTER TABLE "imported_trades" ADD CONSTRAINT "imported_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_trades" ADD CONSTRAINT "imported_trades_brokerage_firm_id_brokerage_firms_id_fk" FOREIGN KEY ("brokerage_firm_id") REFERENCES "public"."brokerage_firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "imported_trades_key" ON "imported_trades" USING btree ("user_id","brokerage_firm_id","import_key");