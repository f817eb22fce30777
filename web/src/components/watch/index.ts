export { WatchButton } from './watch-button';
export type { WatchButtonProps } from './watch-button';
export { useWithWatchColumn } from './watch-column';
