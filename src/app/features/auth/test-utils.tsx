import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, useLocation } from 'react-router';
import { MESSAGES } from '../../../shared/locales/index.ts';
import { createI18n } from '../../i18n/create-i18n.ts';
import { createSessionStore, type SessionStore } from './session.ts';
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
  const probes = ['/login', '/dashboard', '/send-email', '/reset-password', '/elsewhere']
    .filter((probe) => probe !== path)
    .map((probe) => ({ path: probe, Component: WhereAmI }));
  const Stub = createRoutesStub([
    { path, Component: Page, ...(loader ? { loader, HydrateFallback: () => null } : {}) },
    ...probes,
  ]);
  render(
    <Stub
      initialEntries={[
        state === undefined
          ? url
          : {
              pathname: url.split('?')[0]!,
              search: url.includes('?') ? `?${url.split('?')[1]}` : '',
              state,
            },
      ]}
    />,
  );
  return store;
}
