CREATE TABLE "balance_sheets" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"nature_of_report" varchar(16) NOT NULL,
	"date_of_end_of_reporting_period" date NOT NULL,
	"date_of_start_of_financial_year" date NOT NULL,
	"non_current_assets" numeric,
	"current_assets" numeric,
	"total_assets" numeric NOT NULL,
	"equity_share_capital" numeric,
	"other_equity" numeric,
	"total_equity" numeric,
	"non_controlling_interest" numeric,
	"non_current_liabilities" numeric,
	"current_liabilities" numeric,
	"total_liabilities" numeric,
	"total_equity_and_liabilities" numeric NOT NULL,
	"source_layout" varchar(30) NOT NULL,
	"upload_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_sheets_nature_check" CHECK ("balance_sheets"."nature_of_report" in ('STANDALONE', 'CONSOLIDATED', 'UNSPECIFIED'))
);
--> statement-breakpoint
CREATE TABLE "corporate_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"company_name" varchar(200) NOT NULL,
	"series" varchar(10) NOT NULL,
	"purpose" varchar(500) NOT NULL,
	"face_value" numeric,
	"ex_date" date,
	"record_date" date,
	"book_closure_start_date" date,
	"book_closure_end_date" date,
	"upload_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "corporate_actions_event_key" UNIQUE NULLS NOT DISTINCT("symbol","series","purpose","ex_date","record_date","book_closure_start_date","book_closure_end_date")
);
--> statement-breakpoint
CREATE TABLE "financial_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"nature_of_report" varchar(16) NOT NULL,
	"reporting_quarter" varchar(40) NOT NULL,
	"date_of_start_of_reporting_period" date,
	"date_of_end_of_reporting_period" date NOT NULL,
	"date_of_start_of_financial_year" date NOT NULL,
	"revenue_from_operations" numeric,
	"other_income" numeric,
	"income" numeric,
	"expenses" numeric,
	"profit_before_tax" numeric,
	"tax_expense" numeric,
	"profit_loss_for_period" numeric NOT NULL,
	"basic_earnings_per_share" numeric,
	"diluted_earnings_per_share" numeric,
	"audit_status" varchar(20),
	"source_layout" varchar(30) NOT NULL,
	"upload_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_results_nature_check" CHECK ("financial_results"."nature_of_report" in ('STANDALONE', 'CONSOLIDATED', 'UNSPECIFIED'))
);
--> statement-breakpoint
CREATE TABLE "market_data_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_sha256" char(64) NOT NULL,
	"file_bytes" integer NOT NULL,
	"file_format" varchar(8) NOT NULL,
	"layout" varchar(40) NOT NULL,
	"rows_in_file" integer NOT NULL,
	"rows_inserted" integer NOT NULL,
	"rows_updated" integer NOT NULL,
	"rows_unchanged" integer NOT NULL,
	"rows_deleted" integer DEFAULT 0 NOT NULL,
	"first_date" date,
	"last_date" date,
	"dates_count" integer DEFAULT 0 NOT NULL,
	"message" text NOT NULL,
	"uploaded_by" integer,
	"uploaded_by_username" varchar(50) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_price_dates" (
	"trade_date" date PRIMARY KEY NOT NULL,
	"row_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_sheets" ADD CONSTRAINT "balance_sheets_upload_id_market_data_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."market_data_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD CONSTRAINT "corporate_actions_upload_id_market_data_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."market_data_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_results" ADD CONSTRAINT "financial_results_upload_id_market_data_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."market_data_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_data_uploads" ADD CONSTRAINT "market_data_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_sheets_period_key" ON "balance_sheets" USING btree ("symbol","nature_of_report","date_of_end_of_reporting_period");--> statement-breakpoint
CREATE INDEX "balance_sheets_fy_idx" ON "balance_sheets" USING btree ("symbol","date_of_start_of_financial_year");--> statement-breakpoint
CREATE INDEX "corporate_actions_symbol_ex_date_idx" ON "corporate_actions" USING btree ("symbol","ex_date");--> statement-breakpoint
CREATE INDEX "corporate_actions_ex_date_idx" ON "corporate_actions" USING btree ("ex_date");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_results_period_key" ON "financial_results" USING btree ("symbol","nature_of_report","date_of_end_of_reporting_period");--> statement-breakpoint
CREATE INDEX "financial_results_fy_idx" ON "financial_results" USING btree ("symbol","date_of_start_of_financial_year");--> statement-breakpoint
CREATE INDEX "market_data_uploads_uploaded_at_idx" ON "market_data_uploads" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "market_data_uploads_sha256_idx" ON "market_data_uploads" USING btree ("file_sha256");