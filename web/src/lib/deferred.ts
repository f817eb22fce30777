/**
 * Modules that a page needs only once it is interactive (a dialog, a form and its rules): loaded once per visit,
 * when asked for or when the browser is idle after the page is drawn (docs/decisions.md#dialogs-on-demand). Such
 * modules are named `*.deferred.tsx`, so `npm run bench:bundle` counts them apart from the page's own load.
 */

type Loader<T> = () => Promise<T>;

const loading = new WeakMap<Loader<unknown>, Promise<unknown>>();
const loaded = new WeakMap<Loader<unknown>, { value: unknown }>();

/** The loader's module, loaded once for the visit; a failed load (offline, a new deployment) is asked again next time. */
export function loadOnce<T>(loader: Loader<T>): Promise<T> {
  let pending = loading.get(loader) as Promise<T> | undefined;
  if (!pending) {
    pending = loader().then(
      (value) => {
        loaded.set(loader, { value });
        return value;
      },
      (error: unknown) => {
        loading.delete(loader);
        throw error;
      },
    );
    loading.set(loader, pending);
  }
  return pending;
}

/** The loader's module when it has loaded already, else undefined. */
export function loadedModule<T>(loader: Loader<T>): T | undefined {
  return loaded.get(loader)?.value as T | undefined;
}

/** Starts the load without waiting for it (a pointer over the button, an idle browser); a failure is left for the click. */
export function preload(loader: Loader<unknown>): void {
  loadOnce(loader).catch(() => undefined);
}

/** Runs `work` when the browser is idle (at most `timeout` ms later), or soon where idle callbacks are missing; returns a cancel. */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 200);
  return () => window.clearTimeout(handle);
}
