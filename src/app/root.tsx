import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { appServicesContext } from './context.ts';
import { createI18n } from './i18n/create-i18n.ts';
import type { Messages } from '../shared/locales/index.ts';
import { rootData } from './root-data.server.ts';
import { ToastHost } from './components/toasts.tsx';
import { RouteErrorBoundary } from './components/error-page.tsx';
import stylesHref from './styles/app.css?url';
import faviconHref from './assets/favicon.svg?url';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesHref },
  { rel: 'icon', href: faviconHref, type: 'image/svg+xml' },
];

export function loader({ request, context }: Route.LoaderArgs) {
  return rootData(request, context.get(appServicesContext));
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Wraps every page, error pages included: document, language and toasts. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const lang = data?.lang ?? 'it';
  const messages = useMatchedMessages();
  // A new instance per language and set of namespaces: cheap, and the server
  // gets one per request. A namespace's texts in a language never change, so
  // its name stands for them.
  const namespaces = messages && Object.keys(messages).join();
  const i18n = useMemo(
    () => (messages ? createI18n(lang, messages) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lang, namespaces],
  );
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {i18n ? <I18nextProvider i18n={i18n}>{children}</I18nextProvider> : children}
        <ToastHost />
        {/* React Router's own: a new navigation starts at the top, back and
            forward return to where the visitor was, a #hash scrolls to its
            target, and hydration leaves the page where the visitor put it. */}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The texts that the matched routes' loaders sent: the root's common ones and
 * the page's own (src/app/i18n/page-messages.server.ts); undefined without the
 * root's (its loader failed).
 */
function useMatchedMessages(): Partial<Messages> | undefined {
  const matches = useMatches();
  const all = matches.map(
    (match) => (match.loaderData as { messages?: Partial<Messages> } | null | undefined)?.messages,
  );
  return all[0] ? Object.assign({}, ...all) : undefined;
}

/** Marks the document once React has taken over: tests and styles can rely on it. */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

export default function App() {
  return (
    <>
      <HydratedMarker />
      <Outlet />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
