CREATE TABLE "index_closes" (
	"index_name" varchar(100) NOT NULL,
	"trade_date" date NOT NULL,
	"open" numeric,
	"high" numeric,
	"low" numeric,
	"close" numeric NOT NULL,
	"upload_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "index_closes_index_name_trade_date_pk" PRIMARY KEY("index_name","trade_date")
);
--> statement-breakpoint
ALTER TABLE "index_closes" ADD CONSTRAINT "index_closes_upload_id_market_data_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."market_data_uploads"("id") ON DELETE set null ON UPDATE no action;