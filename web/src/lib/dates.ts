/**
 * Date display helpers. Market dates (YYYY-MM-DD) are formatted without time-zone shifts. Today on
 * the exchange is `exchangeToday` from @bazaar/shared.
 */
import { formatDateTime } from '@bazaar/shared';

export { formatMarketDate } from '@bazaar/shared';

/**
 * A moment as "15-Mar-2025 16:00" (India time): one date format everywhere (docs/product/common.md#dates),
 * from shared/src/format.
 */
export function formatMediumDateTime(iso: string | null | undefined): string {
  return formatDateTime(iso);
}
