/** GET /user/portfolio/alerts: alerts computed from the caller's open holdings and the loaded prices. */
import { z } from 'zod';

export const PORTFOLIO_ALERT_KINDS = ['NEW_52_WEEK_HIGH', 'NEW_52_WEEK_LOW', 'SEGMENT_MOVE', 'CONCENTRATION'] as const;
export const PORTFOLIO_ALERT_TONES = ['positive', 'negative', 'neutral'] as const;

export const portfolioAlertDtoSchema = z
  .object({
    kind: z.enum(PORTFOLIO_ALERT_KINDS),
    title: z.string(),
    message: z.string(),
    tone: z.enum(PORTFOLIO_ALERT_TONES),
    symbol: z.string().nullable(),
    segment: z.string().nullable().describe('The segment’s name'),
    brokerageFirm: z.string().nullable().describe('The firm name(s)'),
    date: z.string().nullable().describe('The exchange date the alert is about'),
  })
  .describe('An alert computed from the caller’s holdings');
export type PortfolioAlertDto = z.infer<typeof portfolioAlertDtoSchema>;
