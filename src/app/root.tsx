import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { appServicesContext } from './context.ts';
import { createI18n } from './i18n/create-i18n.ts';
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
  const messages = data?.messages;
  // A new instance per language: cheap, and the server gets one per request.
  const i18n = useMemo(() => (messages ? createI18n(lang, messages) : null), [lang, messages]);
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
        <Scripts />
      </body>
    </html>
  );
}

/** On every path change the page scrolls to the top. */
function ScrollToTopOnPathChange() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
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
      <ScrollToTopOnPathChange />
      <Outlet />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
