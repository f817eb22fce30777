/**
 * The caller's alert settings (/user/alert-settings, docs/product/alerts.md#settings): no row means every setting
 * on, so the defaults of a new investor exist without anything being written for them
 * (docs/decisions.md#default-alert-rules-without-rows).
 */
import { eq, sql } from 'drizzle-orm';
import type { AlertSettingsBody, AlertSettingsDto } from '@bazaar/shared/contract';
import type { Database } from '../../client.js';
import { alertSettings } from '../../schema/index.js';

export const DEFAULT_ALERT_SETTINGS: AlertSettingsDto = {
  emailDigest: true,
  newYearHighLow: true,
  upcomingCorporateActions: true,
};

export async function getAlertSettings(db: Database, userId: number): Promise<AlertSettingsDto> {
  const [row] = await db
    .select({
      emailDigest: alertSettings.emailDigest,
      newYearHighLow: alertSettings.newYearHighLow,
      upcomingCorporateActions: alertSettings.upcomingCorporateActions,
    })
    .from(alertSettings)
    .where(eq(alertSettings.userId, userId));
  return row ?? { ...DEFAULT_ALERT_SETTINGS };
}

/** Changes the settings given (the others keep their value, on when never saved); answers them all. */
export async function updateAlertSettings(
  db: Database,
  userId: number,
  changes: AlertSettingsBody,
): Promise<AlertSettingsDto> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(alertSettings)
    .values({ userId, ...DEFAULT_ALERT_SETTINGS, ...set })
    .onConflictDoUpdate({ target: alertSettings.userId, set: { ...set, updatedAt: sql`now()` } })
    .returning({
      emailDigest: alertSettings.emailDigest,
      newYearHighLow: alertSettings.newYearHighLow,
      upcomingCorporateActions: alertSettings.upcomingCorporateActions,
    });
  return row!;
}
