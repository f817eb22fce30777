/**
 * Set up once for every component test: how long a test waits for a state, and the few browser APIs jsdom lacks
 * that Mantine uses.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

/**
 * How long `findBy…` and `waitFor` wait for a state before they fail (testing-library's default is 1 s). The suite
 * runs on whatever machine there is, two cores shared with other suites: a deferred render, a lazy chunk or the
 * deferred dialogs of a page can take seconds there. A test waits for the state, never for a time; the limit only
 * bounds how long a failing test takes (vitest.config.ts gives each test longer).
 */
export const STATE_TIMEOUT_MS = 15_000;
configure({ asyncUtilTimeout: STATE_TIMEOUT_MS });

/** A window.matchMedia whose queries match when `matches` says so (none by default; a test may stub a phone). */
export function matchMediaStub(matches: (query: string) => boolean = () => false) {
  return vi.fn().mockImplementation((query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

/**
 * Makes every test of the calling file run on a phone of `width` px: each (max-width: N px) query with N ≥ width
 * matches (the tables become card lists); the window's matchMedia comes back after each test.
 */
export function onPhoneOfWidth(width = 390): void {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = matchMediaStub((query) => {
      const maxWidth = /max-width: (\d+)px/.exec(query);
      return maxWidth !== null && width <= Number(maxWidth[1]);
    });
  });
  afterEach(() => {
    window.matchMedia = original;
    cleanup();
  });
}

Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaStub() });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
