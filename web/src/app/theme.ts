/**
 * The Mantine theme: teal accent, Indian-market green/red for gains and losses. Every text colour meets WCAG 2.2 AA
 * (4.5:1) in both schemes (docs/decisions.md#colours-that-meet-aa): filled buttons use teal 9 (white on it 5.0:1;
 * Mantine's default teal 6 is 2.55:1), gains and losses their own shades (--bazaar-gain, --bazaar-loss) and dimmed
 * text a darker grey than Mantine's (gray 6 on white is 3.3:1).
 */
import {
  Alert,
  Anchor,
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

/** Light buttons and badges: teal 9 on their pale teal is 4.3:1; this darker teal is 5.8:1 (light scheme). */
const LIGHT_VARIANT_TEXT = 'light-dark(#06694b, var(--mantine-color-teal-4))';

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const teal = input.color === undefined || input.color === 'teal' || input.color === input.theme.primaryColor;
  return input.variant === 'light' && teal ? { ...colors, color: LIGHT_VARIANT_TEXT } : colors;
};

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  variantColorResolver,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  other: { gainColor: 'var(--bazaar-gain)', lossColor: 'var(--bazaar-loss)' },
  // links in running text are told apart by more than colour (WCAG 1.4.1)
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // an alert's title in the text colour: yellow or blue on their pale backgrounds is under 3:1
    // every dismissable message's close button has a name (a button without words is axe's critical button-name)
    Alert: Alert.extend({
      defaultProps: { closeButtonLabel: 'Dismiss message' },
      styles: { title: { color: 'var(--mantine-color-text)' } },
    }),
  },
});

/** Contrast ratios on white / on Mantine's dark body (#242424): gain 5.4 / 8.9, loss 5.5 / 6.7, dimmed 8.2 / 7.8. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--bazaar-gain': '#1f7a35',
    '--bazaar-loss': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // light buttons and the active sidebar entry: teal 9 on their pale teal is 4.3:1, this shade 5.8:1
    '--mantine-color-teal-light-color': '#06694b',
    '--mantine-primary-color-light-color': '#06694b',
    // light green buttons and badges (the holdings' Sell on a phone, an upload's Loaded): green 9 on their pale green
    // (green 1) is 3.8:1, axe serious on real data; this darker green is 5.5:1 on it and 4.9:1 on the hover's green 2
    '--mantine-color-green-light-color': '#1b6e30',
    // a caution in running text (a short history's note, the corporate-actions report's purposes not understood):
    // orange 9 on white is 4.3:1 and orange 8 3.6:1, axe serious on real data; 6.1:1
    '--bazaar-caution': '#b03a09',
  },
  dark: {
    '--bazaar-gain': 'var(--mantine-color-green-4)',
    '--bazaar-loss': 'var(--mantine-color-red-4)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-teal-4)',
    '--bazaar-caution': 'var(--mantine-color-orange-4)',
  },
});
