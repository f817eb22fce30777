/**
 * Mantine's Autocomplete and Select (their combobox, dropdown and scroll area) as a module of their own, for
 * DeferredAutocomplete and DeferredSelect (docs/decisions.md#dialogs-on-demand).
 */
export { Autocomplete, Select } from '@mantine/core';
