// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkTokenWithServer,
  createSessionStore,
  storedToken,
  type TokenCheck,
} from './session.ts';

const ANNA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };

function makeStore(
  check: (token: string) => Promise<TokenCheck> = async () => ({ status: 'unknown' }),
) {
  const checkToken = vi.fn(check);
  return { store: createSessionStore({ storage: () => localStorage, checkToken }), checkToken };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('session store: token and user in local storage', () => {
  it('is empty without stored items', () => {
    const { store } = makeStore();
    expect(store.getSnapshot()).toEqual({ token: null, user: null });
  });

  it('reads token and user (JSON) from local storage, with a stable snapshot', () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const { store } = makeStore();
    expect(store.getSnapshot()).toEqual({ token: 'abc', user: ANNA });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });

  it('ignores a user that is not valid JSON or has no e-mail', () => {
    localStorage.setItem('user', '{not json');
    expect(makeStore().store.getSnapshot().user).toBeNull();
    localStorage.setItem('user', JSON.stringify({ firstName: 'X' }));
    expect(makeStore().store.getSnapshot().user).toBeNull();
  });

  it('save stores both items and notifies; clear removes both', () => {
    const { store } = makeStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.save('tok', ANNA);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(ANNA);
    expect(store.getSnapshot()).toEqual({ token: 'tok', user: ANNA });
    expect(storedToken()).toBe('tok');
    store.clear();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(store.getSnapshot()).toEqual({ token: null, user: null });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('follows another tab through storage events', () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const { store } = makeStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getSnapshot().user).toEqual(ANNA);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(listener).toHaveBeenCalled();
    expect(store.getSnapshot()).toEqual({ token: null, user: null });
  });

  it('reads afresh what another tab changed while nothing listened', () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const { store } = makeStore();
    const unsubscribe = store.subscribe(vi.fn());
    expect(store.getSnapshot().user).toEqual(ANNA);
    // The page's last listener goes (a screen re-mounting), and another tab logs in as owner.
    unsubscribe();
    localStorage.setItem('user', JSON.stringify({ ...ANNA, role: 'owner' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
    store.subscribe(vi.fn());
    expect(store.getSnapshot().user).toEqual({ ...ANNA, role: 'owner' });
  });

  it('restore: a token the server rejects (401) ends the session', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const { store, checkToken } = makeStore(async () => ({ status: 'invalid' }));
    await expect(store.restore()).resolves.toEqual({ token: null, user: null });
    expect(checkToken).toHaveBeenCalledWith('old');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('restore: a valid token keeps the session and takes the fresh user; checked once', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const fresh = { ...ANNA, firstName: 'Annamaria', username: 'anna' };
    const { store, checkToken } = makeStore(async () => ({ status: 'valid', user: fresh }));
    await expect(store.restore()).resolves.toEqual({ token: 'tok', user: fresh });
    await store.restore();
    expect(checkToken).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(fresh);
  });

  it('restore: no answer keeps the stored session (offline)', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const { store } = makeStore(async () => ({ status: 'unknown' }));
    await expect(store.restore()).resolves.toEqual({ token: 'tok', user: ANNA });
  });

  it('restore: a check that throws keeps the stored session', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(ANNA));
    const { store } = makeStore(async () => {
      throw new Error('unexpected');
    });
    await expect(store.restore()).resolves.toEqual({ token: 'tok', user: ANNA });
  });

  it('restore: nothing to check without a token; none after a fresh login', async () => {
    const { store, checkToken } = makeStore();
    await store.restore();
    store.save('new', ANNA);
    await expect(store.restore()).resolves.toEqual({ token: 'new', user: ANNA });
    expect(checkToken).not.toHaveBeenCalled();
  });
});

describe('checkTokenWithServer (GET /api/auth/me)', () => {
  it('sends the bearer token and maps 200, 401 and the rest', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(
      Response.json({ email: 'a@example.test', username: 'a', firstName: 'A', lastName: 'B' }),
    );
    await expect(checkTokenWithServer('tok')).resolves.toEqual({
      status: 'valid',
      user: { email: 'a@example.test', username: 'a', firstName: 'A', lastName: 'B' },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/me');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');

    fetchMock.mockResolvedValueOnce(Response.json({ message: 'expired' }, { status: 401 }));
    await expect(checkTokenWithServer('tok')).resolves.toEqual({ status: 'invalid' });
    fetchMock.mockResolvedValueOnce(Response.json({ message: 'slow down' }, { status: 429 }));
    await expect(checkTokenWithServer('tok')).resolves.toEqual({ status: 'unknown' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(checkTokenWithServer('tok')).resolves.toEqual({ status: 'unknown' });
  });
});
