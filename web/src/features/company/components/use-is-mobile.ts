/** True at the product's chart breakpoint (425px wide or less): mobile chart variants and stacked sections. */
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@bazaar/shared';

export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`) ?? false;
}
