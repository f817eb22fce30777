/** GET /public/uploads/market-data-status: what the market data is, for every page's banner and "as of" notes. */
import { z } from 'zod';

export const marketDataStatusDtoSchema = z
  .object({
    demo: z
      .boolean()
      .describe('True when the generated demo market was loaded (synthetic companies and prices; DEMO_DATA)'),
    latestPriceDate: z
      .string()
      .nullable()
      .describe(
        'YYYY-MM-DD: the latest trading day with prices (the closes every "latest" figure uses); null when none',
      ),
  })
  .describe('Where the market data comes from and how recent it is');
export type MarketDataStatusDto = z.infer<typeof marketDataStatusDtoSchema>;
