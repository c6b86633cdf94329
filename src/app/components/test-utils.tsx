import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet, RouterContextProvider } from 'react-router';
import type { Lang } from '../../shared/languages.ts';
import { MESSAGES } from '../../shared/locales/index.ts';
import { appServicesContext, clientAddressContext, type AppServices } from '../context.ts';
import { createI18n } from '../i18n/create-i18n.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';

/** The restaurant's facts the public pages' component tests render with. */
export const FACTS: RestaurantFacts = {
  name: 'Trattoria Il Faro',
  phones: { mobile: '+39 347 123 4567', landline: null },
  email: 'ciao@ilfaro.example',
  address: {
    street: 'Piazza Marina 3',
    postalCode: '91100',
    locality: 'Trapani',
    region: 'TP',
    country: 'IT',
  },
  geo: { latitude: 38.0198, longitude: 12.5136 },
  mapUrl: 'https://maps.example/?q=38.0198,12.5136',
  mapEmbedUrl: 'https://maps.example/embed?q=38.0198,12.5136&z=15',
  social: { instagram: null, facebook: null },
  privacyPolicyUrl: 'https://privacy.example/ilfaro',
  foundedYear: 1987,
  priceRange: '€€€',
};

/** Component-test helpers of the public pages, shared by their features' test-utils (imported by tests only). */

type PageRoutes = Parameters<typeof createRoutesStub>[0];

/** The router context a page handler gives loaders and actions: the services a page uses, the guest's address. */
export function publicRouterContext(
  services: Partial<AppServices>,
  clientAddress: string,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appServicesContext, services as AppServices);
  context.set(clientAddressContext, clientAddress);
  return context;
}

/**
 * Public pages (`pages`, with their real loaders and actions) under a root
 * route answering `root` (the restaurant's facts…), rendered at `url` in
 * `lang` with the site's own texts.
 */
export function renderPublicPages(
  url: string,
  {
    root,
    pages,
    context,
    lang = 'en',
  }: { root: object; pages: PageRoutes; context: RouterContextProvider; lang?: Lang | undefined },
) {
  const Stub = createRoutesStub(
    [
      {
        id: 'root',
        path: '/',
        loader: () => root,
        Component: Outlet,
        HydrateFallback: () => null,
        children: pages,
      },
    ],
    context,
  );
  return render(
    <I18nextProvider i18n={createI18n(lang, MESSAGES[lang])}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}
