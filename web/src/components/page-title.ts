import { useEffect } from 'react';

/** Sets the browser tab title for a page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Bazaar Insight` : 'Bazaar Insight';
  }, [title]);
}
