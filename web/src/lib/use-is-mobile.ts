/** True at the product's mobile layout (425px wide or less): mobile chart variants, trend tiles and stacked sections. */
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@bazaar/shared';

/** The media query of the product's mobile layout. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export function useIsMobile(): boolean {
  // read at the first render (the app is drawn only in the browser), so a phone's page is not drawn as a desktop's first
  return useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
