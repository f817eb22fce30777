/**
 * Mantine's Autocomplete (its combobox, dropdown and scroll area) as a module of its own, for DeferredAutocomplete
 * (docs/decisions.md#dialogs-on-demand).
 */
export { Autocomplete as default } from '@mantine/core';
