/** Mantine's Progress, shown only while a file is on its way (docs/decisions.md#dialogs-on-demand). */
export { Progress as default } from '@mantine/core';
