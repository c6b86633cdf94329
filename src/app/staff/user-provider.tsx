import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import {
  session as defaultStore,
  type SessionState,
  type SessionStore,
  type StaffUser,
} from './session.ts';
import { USER_PROVIDER_ERROR } from './texts.ts';

export interface UserContextValue extends SessionState {
  /** Logged in means a user is present. */
  isLoggedIn: boolean;
  /** Stores token and user (after a successful login). */
  logIn(token: string, user: StaffUser): void;
  /** Forgets token and user (logout, or a session the server no longer knows). */
  forget(): void;
  /** The token to send with a call made now (see `SessionStore.currentToken`). */
  currentToken(): string | null;
}

const UserContext = createContext<UserContextValue | null>(null);

const SERVER_SNAPSHOT: SessionState = { token: null, user: null };

/** The staff session for the staff pages (public pages never load this). */
export function UserProvider({
  children,
  store = defaultStore,
}: {
  children: ReactNode;
  store?: SessionStore;
}) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, () => SERVER_SNAPSHOT);
  const value = useMemo<UserContextValue>(
    () => ({
      ...state,
      isLoggedIn: state.user !== null,
      logIn: (token, user) => store.save(token, user),
      forget: () => store.clear(),
      currentToken: () => store.currentToken(),
    }),
    [state, store],
  );
  return <UserContext value={value}>{children}</UserContext>;
}

/** Outside its provider the auth state is an error. */
export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error(USER_PROVIDER_ERROR);
  return value;
}
