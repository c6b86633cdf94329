import { staffUserAnswer, type Role } from '../../shared/schemas/staff.ts';
import { apiRequest, isUnauthorized } from '../api/client.ts';

/**
 * The staff session: the bearer token under `token` and the user as JSON
 * under `user`, in local storage. Logged in means a user is present. One
 * store per browser tab; other tabs' changes arrive through `storage` events.
 */
export interface StaffUser {
  email: string;
  firstName: string;
  lastName: string;
  /** Present once the server has told us. */
  username?: string;
  /** `owner` manages colleagues and reads the audit log; absent until the server says. */
  role?: Role;
}

export interface SessionState {
  token: string | null;
  user: StaffUser | null;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

/** What the server says about a stored token. */
export type TokenCheck =
  | { status: 'valid'; user: StaffUser }
  | { status: 'invalid' }
  /** No answer, or an answer that says nothing about the token (429, 5xx). */
  | { status: 'unknown' };

export interface SessionStore {
  getSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  save(token: string, user: StaffUser): void;
  clear(): void;
  /**
   * The token to send now: as stored at this moment (another tab, or the
   * browser's storage being cleared, may have removed it), or the session's
   * own when the browser keeps nothing.
   */
  currentToken(): string | null;
  /**
   * On load (nothing renders until the check finishes):
   * reads local storage and asks the server whether the token still holds, once
   * per page load. Only a clear "no" (401) ends the session: offline, the
   * stored session stays.
   */
  restore(): Promise<SessionState>;
}

const EMPTY: SessionState = { token: null, user: null };

/** The user in a server answer or in local storage, or null when it is not one. */
export function userFrom(value: unknown): StaffUser | null {
  const parsed = staffUserAnswer.safeParse(value);
  if (!parsed.success) return null;
  const { email, firstName, lastName, username, role } = parsed.data;
  return {
    email,
    firstName,
    lastName,
    ...(username ? { username } : {}),
    ...(role ? { role } : {}),
  };
}

export function createSessionStore({
  storage,
  checkToken,
}: {
  storage: () => Storage | null;
  checkToken: (token: string) => Promise<TokenCheck>;
}): SessionStore {
  let snapshot: SessionState | null = null;
  /** Storage refused the last write: the session lives in `snapshot` only. */
  let inMemory = false;
  let restoring: Promise<SessionState> | null = null;
  const listeners = new Set<() => void>();

  function read(): SessionState {
    const store = storage();
    if (!store) return EMPTY;
    let token: string | null;
    let rawUser: string | null;
    try {
      token = store.getItem(TOKEN_KEY);
      rawUser = store.getItem(USER_KEY);
    } catch {
      return EMPTY; // storage disabled by the browser's settings
    }
    let user: StaffUser | null = null;
    if (rawUser) {
      try {
        user = userFrom(JSON.parse(rawUser));
      } catch {
        user = null;
      }
    }
    return { token: token || null, user };
  }

  function emit() {
    snapshot = null;
    for (const listener of listeners) listener();
  }

  function write(token: string | null, user: StaffUser | null) {
    const store = storage();
    try {
      if (token) store?.setItem(TOKEN_KEY, token);
      else store?.removeItem(TOKEN_KEY);
      if (user) store?.setItem(USER_KEY, JSON.stringify(user));
      else store?.removeItem(USER_KEY);
      inMemory = false;
    } catch {
      // Storage full or disabled: the session lives in memory for this page.
      inMemory = true;
      snapshot = { token, user };
      for (const listener of listeners) listener();
      return;
    }
    emit();
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) emit();
  };

  function getSnapshot(): SessionState {
    snapshot ??= read();
    return snapshot;
  }

  return {
    getSnapshot,
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.addEventListener('storage', onStorage);
        // Another tab may have logged in or out while nothing listened: read
        // afresh (unless storage is refused and the session lives in memory),
        // keeping the same snapshot when nothing changed, so that no screen
        // renders again for nothing.
        if (!inMemory && snapshot && JSON.stringify(read()) !== JSON.stringify(snapshot)) {
          snapshot = null;
        }
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== 'undefined') {
          window.removeEventListener('storage', onStorage);
        }
      };
    },
    save(token, user) {
      // A fresh login needs no check on this page load.
      restoring = Promise.resolve({ token, user });
      write(token, user);
    },
    clear() {
      restoring = Promise.resolve(EMPTY);
      write(null, null);
    },
    currentToken() {
      return inMemory ? getSnapshot().token : read().token;
    },
    restore() {
      restoring ??= (async () => {
        const { token, user } = getSnapshot();
        if (!token) return getSnapshot();
        let check: TokenCheck;
        try {
          check = await checkToken(token);
        } catch {
          check = { status: 'unknown' };
        }
        if (getSnapshot().token !== token) return getSnapshot(); // changed meanwhile
        if (check.status === 'invalid') write(null, null);
        else if (check.status === 'valid') write(token, { ...user, ...check.user });
        return getSnapshot();
      })();
      return restoring;
    },
  };
}

/** GET /api/auth/me: 200 the user, 401 the token is missing, expired or revoked. */
export async function checkTokenWithServer(token: string): Promise<TokenCheck> {
  const result = await apiRequest('GET', '/auth/me', { token });
  if (result.ok) {
    const user = userFrom(result.data);
    return user ? { status: 'valid', user } : { status: 'unknown' };
  }
  return isUnauthorized(result.failure) ? { status: 'invalid' } : { status: 'unknown' };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The tab's session (staff routes only). */
export const session = createSessionStore({
  storage: browserStorage,
  checkToken: checkTokenWithServer,
});

/**
 * For the back office's client loaders: `call` with the session's bearer
 * token, once the server has said whether the stored one still holds (asked
 * once per page load, see `restore`); null when logged out, where the back
 * office's gate sends the visitor to /login instead.
 */
export async function withSessionToken<T>(
  call: (token: string, user: StaffUser | null) => Promise<T>,
): Promise<T | null> {
  await session.restore();
  const { token, user } = session.getSnapshot();
  return token ? call(token, user) : null;
}

/** The token as stored right now (a save without one is skipped). */
export function storedToken(): string | null {
  try {
    return browserStorage()?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}
