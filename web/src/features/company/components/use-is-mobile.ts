/** True at the product's chart breakpoint (425px wide or less): mobile chart variants and stacked sections. */
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@bazaar/shared';

export function useIsMobile(): boolean {
  // read at the first render (the app is drawn only in the browser), so a phone's page is not drawn as a desktop's first
  return (
    useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`, undefined, { getInitialValueInEffect: false }) ?? false
  );
}
