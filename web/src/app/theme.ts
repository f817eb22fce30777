/** The Mantine theme: teal accent, Indian-market green/red for gains and losses. */
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  other: { gainColor: 'var(--mantine-color-green-7)', lossColor: 'var(--mantine-color-red-7)' },
});
