import { render } from '@testing-library/react';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet, useLocation, type LoaderFunction } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { MESSAGES } from '../../shared/locales/index.ts';
import { FullScreenSpinner } from '../components/spinner.tsx';
import { createI18n } from '../i18n/create-i18n.ts';
import { createSessionStore, session, type SessionStore, type StaffUser } from './session.ts';
import { UserProvider } from './user-provider.tsx';

/** Component-test helpers for the staff pages (not shipped: imported by tests only). */

function testSessionStore(): SessionStore {
  return createSessionStore({
    storage: () => localStorage,
    checkToken: async () => ({ status: 'unknown' }),
  });
}

/** Shows where the router went, and the remembered origin. */
function WhereAmI() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string } } | null)?.from?.pathname;
  return (
    <p>
      at {location.pathname}
      {from ? ` from ${from}` : ''}
    </p>
  );
}

const PROBES = ['/login', '/dashboard', '/send-email', '/reset-password', '/elsewhere'];

function probesExcept(paths: (string | undefined)[]) {
  return PROBES.filter((probe) => !paths.includes(probe)).map((probe) => ({
    path: probe,
    Component: WhereAmI,
  }));
}

function initialEntry(url: string, state: unknown) {
  return state === undefined
    ? url
    : {
        pathname: url.split('?')[0]!,
        search: url.includes('?') ? `?${url.split('?')[1]}` : '',
        state,
      };
}

/** Renders `page` at `path` inside the user provider, the other staff paths as probes. */
export function renderStaffPage(
  path: string,
  page: ReactNode,
  {
    url = path,
    state,
    store = testSessionStore(),
    loader,
  }: {
    url?: string;
    state?: unknown;
    store?: SessionStore;
    /** The page route's loader, for a page that reads its data with useLoaderData. */
    loader?: (args: { request: Request }) => unknown;
  } = {},
) {
  const i18n = createI18n('it', MESSAGES.it);
  const Page = () => (
    <I18nextProvider i18n={i18n}>
      <UserProvider store={store}>{page}</UserProvider>
    </I18nextProvider>
  );
  const Stub = createRoutesStub([
    { path, Component: Page, ...(loader ? { loader, HydrateFallback: () => null } : {}) },
    ...probesExcept([path]),
  ]);
  render(<Stub initialEntries={[initialEntry(url, state)]} />);
  return store;
}

type StubRoute = Parameters<typeof createRoutesStub>[0][number];

/**
 * A route module (src/app/routes) as the router takes it: its screen and its
 * client loader. The stub passes a loader `request` and `params` but no
 * `serverLoader` (none of the staff routes has one), hence the casts.
 */
export function routeModule(
  module: { default: ComponentType<never>; clientLoader?: (args: never) => unknown },
  route: { path?: string; index?: true; children?: StubRoute[] },
): StubRoute {
  return {
    ...route,
    Component: module.default,
    loader: module.clientLoader as LoaderFunction | undefined,
  } as StubRoute;
}

/**
 * Renders routes at `url` as the app does (StrictMode: effects run twice) in
 * the staff layout: the user provider, a spinner until their client loaders
 * have answered, the other staff paths as probes. Client loaders read the
 * tab's session, so the provider shows that one too: set it with
 * `startSession` / `endSession`.
 */
export function renderStaffRoutes(
  url: string,
  routes: StubRoute[],
  { state }: { state?: unknown } = {},
) {
  const i18n = createI18n('it', MESSAGES.it);
  const StaffLayout = () => (
    <UserProvider store={session}>
      <Outlet />
    </UserProvider>
  );
  // In the app the layout sits under the root route, whose data names the restaurant.
  const root = { restaurant: { name: 'Trattoria La Tonnara' } };
  const Stub = createRoutesStub([
    {
      id: 'root',
      loader: () => root,
      Component: StaffLayout,
      HydrateFallback: FullScreenSpinner,
      children: [...routes, ...probesExcept(routes.map((route) => route.path))],
    },
  ]);
  render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <Stub
          initialEntries={[initialEntry(url, state)]}
          hydrationData={{ loaderData: { root } }}
        />
      </I18nextProvider>
    </StrictMode>,
  );
}

/** Logs `user` in, in the tab's session (local storage included). */
export function startSession(user: StaffUser, token = 'tok') {
  session.save(token, user);
}

/** Nobody logged in, in the tab's session. */
export function endSession() {
  session.clear();
}

/** The server's answer to one request of a component test, told the request's init. */
export type FakeRoute = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A `fetch` mock each test tells what to answer, reset and stubbed around each test. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}

/**
 * The server as a component test fakes it: during each test `fetch` answers
 * "METHOD url" from `routes()` (a request without a route fails, as one the
 * server never got would), and tells the calls it got: all of them
 * (`fetchMock`), those to one "METHOD url" (`calls`), their JSON bodies (`bodies`).
 */
export function fakeServer(routes: () => Record<string, FakeRoute>) {
  const fetchMock = stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      const route = routes()[key];
      if (!route) throw new TypeError(`no route for ${key}`);
      return route(init);
    });
  });
  const calls = (key: string) =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  const bodies = (key: string) =>
    calls(key).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetchMock, calls, bodies };
}
