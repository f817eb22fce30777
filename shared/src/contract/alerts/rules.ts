/**
 * The caller's alert rules (/user/alert-rules, docs/product/alerts.md#rest-calls): what to be told about after
 * an upload, per symbol or for every held and watched symbol. The kinds, their values and the messages of a
 * refused value are shared/src/alerts/rules.ts's.
 */
import { z } from 'zod';
import { ALERT_RULE_KINDS, alertRuleValueProblem, normaliseAlertRuleValue } from '../../alerts/rules.js';
import { symbolParam } from '../../validation/market.js';
import { isoTimestampSchema } from '../common.js';

export const alertRuleKindSchema = z.enum(ALERT_RULE_KINDS, {
  error: `kind must be one of ${ALERT_RULE_KINDS.join(', ')}`,
});

export const alertRuleDtoSchema = z
  .object({
    id: z.number().int(),
    symbol: z.string().nullable().describe('The symbol watched; null: every symbol the caller holds or watches'),
    kind: alertRuleKindSchema,
    value: z
      .string()
      .nullable()
      .describe(
        'The threshold: rupees (CLOSE_ABOVE, CLOSE_BELOW), a percentage (DAY_CHANGE_BEYOND, NEAR_YEAR_HIGH, NEAR_YEAR_LOW, STOP_LOSS, TARGET), a trend period (TREND_ENTRY), null (CORPORATE_ACTION)',
      ),
    description: z.string().describe('The rule in words, e.g. "TCS: close crosses above ₹3,000.00"'),
    createdAt: isoTimestampSchema,
  })
  .describe('An alert rule the caller made');
export type AlertRuleDto = z.infer<typeof alertRuleDtoSchema>;

/** POST /user/alert-rules: `{symbol, kind, value}`; the value is checked for its kind and answered normalised. */
export const alertRuleBodySchema = z
  .object({
    symbol: symbolParam()
      .nullable()
      .describe('A symbol with loaded prices; null (or absent): every held and watched symbol'),
    kind: alertRuleKindSchema,
    value: z
      .union([z.string().max(40, 'value is too long'), z.number()])
      .nullable()
      .optional()
      .describe('The threshold for the kind (see AlertRule.value); absent or null for CORPORATE_ACTION'),
  })
  .transform((body, ctx) => {
    const problem = alertRuleValueProblem(body.kind, body.value);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem, path: ['value'] });
      return z.NEVER;
    }
    return { symbol: body.symbol ?? null, kind: body.kind, value: normaliseAlertRuleValue(body.kind, body.value) };
  });
export type AlertRuleBody = z.input<typeof alertRuleBodySchema>;
export type NewAlertRule = z.output<typeof alertRuleBodySchema>;
