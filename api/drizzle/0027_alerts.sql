CREATE TABLE "alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"trade_date" date NOT NULL,
	"state" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"message_id" varchar(200),
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_digests_state_check" CHECK ("alert_digests"."state" in ('PENDING', 'SENDING', 'SENT', 'FAILED', 'UNCERTAIN', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "alert_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_key" varchar(100) NOT NULL,
	"trade_date" date NOT NULL,
	"scope" varchar(20) NOT NULL,
	"state" varchar(12) DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"last_error" text,
	CONSTRAINT "alert_jobs_state_check" CHECK ("alert_jobs"."state" in ('PENDING', 'DONE', 'SKIPPED', 'FAILED')),
	CONSTRAINT "alert_jobs_scope_check" CHECK ("alert_jobs"."scope" in ('PRICES', 'CORPORATE_ACTIONS'))
);
--> statement-breakpoint
CREATE TABLE "alert_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"rule_id" integer,
	"rule_key" varchar(64) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"trade_date" date NOT NULL,
	"event_key" varchar(120) DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"mail" boolean NOT NULL,
	"digest_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"symbol" varchar(50),
	"kind" varchar(20) NOT NULL,
	"value" varchar(40),
	"rule_key" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_rules_identity_key" UNIQUE NULLS NOT DISTINCT("user_id","rule_key","symbol")
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"email_digest" boolean DEFAULT true NOT NULL,
	"new_year_high_low" boolean DEFAULT true NOT NULL,
	"upcoming_corporate_actions" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_digest_id_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."alert_digests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_digests_user_day_key" ON "alert_digests" USING btree ("user_id","trade_date");--> statement-breakpoint
CREATE INDEX "alert_digests_due_idx" ON "alert_digests" USING btree ("next_attempt_at") WHERE "alert_digests"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "alert_digests_sending_idx" ON "alert_digests" USING btree ("claimed_at") WHERE "alert_digests"."state" = 'SENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "alert_jobs_key" ON "alert_jobs" USING btree ("job_key");--> statement-breakpoint
CREATE INDEX "alert_jobs_due_idx" ON "alert_jobs" USING btree ("run_after") WHERE "alert_jobs"."state" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "alert_notifications_once_key" ON "alert_notifications" USING btree ("user_id","rule_key","symbol","trade_date","event_key");--> statement-breakpoint
CREATE INDEX "alert_notifications_user_newest_idx" ON "alert_notifications" USING btree ("user_id","trade_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_notifications_unread_idx" ON "alert_notifications" USING btree ("user_id") WHERE "alert_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "alert_notifications_to_mail_idx" ON "alert_notifications" USING btree ("user_id") WHERE "alert_notifications"."mail" and "alert_notifications"."digest_id" is null;--> statement-breakpoint
CREATE INDEX "alert_notifications_digest_idx" ON "alert_notifications" USING btree ("digest_id");--> statement-breakpoint
CREATE INDEX "alert_rules_user_idx" ON "alert_rules" USING btree ("user_id");