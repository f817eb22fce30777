/**
 * The product's phone layouts: mobile (425px wide or less: mobile chart variants, trend tiles and stacked sections)
 * and card lists (576px or less: tables as cards, full-screen dialogs).
 */
import { useMediaQuery } from '@mantine/hooks';
import { CARD_LIST_BREAKPOINT_PX, MOBILE_BREAKPOINT_PX } from '@bazaar/shared';

/** The media query of the product's mobile layout. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** The media query below which tables are card lists. */
export const CARD_LIST_QUERY = `(max-width: ${CARD_LIST_BREAKPOINT_PX}px)`;

export function useIsMobile(): boolean {
  // read at the first render (the app is drawn only in the browser), so a phone's page is not drawn as a desktop's first
  return useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}

/** True where tables are card lists (576px wide or less), read at the first render like useIsMobile. */
export function useIsCardList(): boolean {
  return useMediaQuery(CARD_LIST_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
