/**
 * The browser's session items (docs/product/auth.md#fields). Only non-secret items are
 * kept: `user` (the user object as text) and `roles` (the role's authority). The token itself stays
 * in the BFF's httpOnly cookie, so scripts on the page can never read it. `sessionExpiresAt` lets the
 * app end the session at the token's expiry without asking the server.
 */
export const STORAGE_KEYS = {
  user: 'user',
  roles: 'roles',
  expiresAt: 'sessionExpiresAt',
  legacyToken: 'token',
} as const;

export interface StoredRole {
  id: string;
  name: string;
}

export interface StoredUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNo?: string | null;
  profilePictureUrl?: string | null;
  referralCode?: string | null;
  roles: StoredRole[];
  createdAt?: string;
  updatedAt?: string;
}

export interface StoredSession {
  user: StoredUser;
  role: string;
  expiresAt: number;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readSession(): StoredSession | null {
  const storage = safeStorage();
  if (!storage) return null;
  const userText = storage.getItem(STORAGE_KEYS.user);
  const role = storage.getItem(STORAGE_KEYS.roles);
  const expiresAt = Number(storage.getItem(STORAGE_KEYS.expiresAt));
  if (!userText || !role || !Number.isFinite(expiresAt)) return null;
  try {
    const user = JSON.parse(userText) as StoredUser;
    if (!user || typeof user.username !== 'string') return null;
    return { user, role, expiresAt };
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession): void {
  const storage = safeStorage();
  if (!storage) return;
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(session.user));
  storage.setItem(STORAGE_KEYS.roles, session.role);
  storage.setItem(STORAGE_KEYS.expiresAt, String(session.expiresAt));
  // an old app version kept the token here; never again
  storage.removeItem(STORAGE_KEYS.legacyToken);
}

export function clearSession(): void {
  const storage = safeStorage();
  if (!storage) return;
  for (const key of Object.values(STORAGE_KEYS)) storage.removeItem(key);
}

const ROLE_RANK: Record<string, number> = { ROLE_ADMIN: 3, ROLE_STAFF: 2, ROLE_USER: 1 };

/** The role that decides what the user sees: the strongest one held. */
export function primaryRole(roles: ReadonlyArray<{ name: string }>): string {
  const sorted = [...roles].sort((a, b) => (ROLE_RANK[b.name] ?? 0) - (ROLE_RANK[a.name] ?? 0));
  return sorted[0]?.name ?? 'ROLE_USER';
}
