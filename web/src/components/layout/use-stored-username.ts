/**
 * The navbar's username, re-read from storage every second (docs/product/common.md#navigation: "The username is
 * refreshed every 1 second").
 */
import { useEffect, useState } from 'react';
import { USERNAME_REFRESH_INTERVAL_MS } from '@bazaar/shared';
import { readSession } from '../../lib/storage';

export function useStoredUsername(): string | null {
  const [username, setUsername] = useState<string | null>(() => readSession()?.user.username ?? null);
  useEffect(() => {
    const timer = window.setInterval(() => {
      const next = readSession()?.user.username ?? null;
      setUsername((current) => (current === next ? current : next));
    }, USERNAME_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);
  return username;
}
