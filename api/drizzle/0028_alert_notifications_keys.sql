ALTER TABLE "alert_notifications" DROP CONSTRAINT "alert_notifications_rule_id_alert_rules_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_notifications" DROP CONSTRAINT "alert_notifications_digest_id_alert_digests_id_fk";
--> statement-breakpoint
ALTER TABLE "alert_notifications" DROP COLUMN "rule_id";