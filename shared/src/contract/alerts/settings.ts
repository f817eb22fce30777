/**
 * The caller's alert settings (/user/alert-settings, docs/product/alerts.md#settings): the e-mail digest on or
 * off and the two default rules. An investor who never saved them has them all on.
 */
import { z } from 'zod';

export const alertSettingsDtoSchema = z
  .object({
    emailDigest: z.boolean().describe('One e-mail per trading day listing that day’s alerts'),
    newYearHighLow: z.boolean().describe('Default rule: new 52-week high or low of every held and watched symbol'),
    upcomingCorporateActions: z
      .boolean()
      .describe('Default rule: corporate actions of every held and watched symbol with an ex-date within 7 days'),
  })
  .describe('The caller’s alert settings');
export type AlertSettingsDto = z.infer<typeof alertSettingsDtoSchema>;

/** PUT /user/alert-settings: the fields to change (the others stay). */
export const alertSettingsBodySchema = z.strictObject(
  {
    emailDigest: z.boolean({ error: 'emailDigest must be true or false' }).optional(),
    newYearHighLow: z.boolean({ error: 'newYearHighLow must be true or false' }).optional(),
    upcomingCorporateActions: z.boolean({ error: 'upcomingCorporateActions must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Unknown setting: the settings are emailDigest, newYearHighLow and upcomingCorporateActions'
        : undefined,
  },
);
export type AlertSettingsBody = z.input<typeof alertSettingsBodySchema>;

/** POST /public/alert-digest/unsubscribe: the token of an e-mail's unsubscribe link (no session needed). */
export const unsubscribeBodySchema = z.object({
  token: z
    .string({ error: 'token is required: use the link of the e-mail' })
    .min(1, 'token is required: use the link of the e-mail')
    .max(1000, 'This unsubscribe link is not valid'),
});
export type UnsubscribeBody = z.input<typeof unsubscribeBodySchema>;
