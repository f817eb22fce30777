CREATE TABLE "corporate_action_events" (
	"action_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"symbol" varchar(50) NOT NULL,
	"ex_date" date NOT NULL,
	"kind" varchar(16) NOT NULL,
	"factor" numeric,
	"amount" numeric,
	"label" varchar(60) NOT NULL,
	CONSTRAINT "corporate_action_events_action_id_seq_pk" PRIMARY KEY("action_id","seq"),
	CONSTRAINT "corporate_action_events_kind_check" CHECK ("corporate_action_events"."kind" IN ('split', 'consolidation', 'bonus', 'dividend') AND ("corporate_action_events"."kind" = 'dividend') = ("corporate_action_events"."factor" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "corporate_action_events" ADD CONSTRAINT "corporate_action_events_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporate_action_events_symbol_ex_date_idx" ON "corporate_action_events" USING btree ("symbol","ex_date");