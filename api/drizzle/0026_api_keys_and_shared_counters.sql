CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"scopes" text[] NOT NULL,
	"public_id" varchar(16) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_from" varchar(64),
	CONSTRAINT "api_keys_expiry_check" CHECK ("api_keys"."expires_at" > "api_keys"."created_at")
);
--> statement-breakpoint
CREATE TABLE "shared_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" double precision DEFAULT 0 NOT NULL,
	"stamp" bigint NOT NULL,
	"times" bigint[],
	"granted" boolean DEFAULT true NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "api_daily_requests" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "api_points_per_minute" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_id_key" ON "api_keys" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shared_counters_expires_idx" ON "shared_counters" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_api_quota_check" CHECK ("subscription_plans"."api_daily_requests" between 1 and 100000000 and "subscription_plans"."api_points_per_minute" between 1 and 100000000);