// jsdom lacks a few browser APIs Mantine uses.
import { vi } from 'vitest';

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

Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaStub() });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(window as unknown as { ResizeObserver: typeof ResizeObserverStub }).ResizeObserver = ResizeObserverStub;
