/**
 * Whether the services answer, as the last GraphQL calls saw it. The app shows a banner while
 * they do not, and hides it as soon as a call succeeds again.
 */
import { useSyncExternalStore } from 'react';

let online = true;
const listeners = new Set<() => void>();

export function reportConnectivity(ok: boolean): void {
  if (ok === online) return;
  online = ok;
  for (const listener of listeners) listener();
}

export function useServicesOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => online,
  );
}
