// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/locales/index.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { createI18n } from '../i18n/create-i18n.ts';

// The privacy provider's script loads when the footer
// appears, and only if the site content configures a provider.
const PROVIDER = 'https://consent.example/embed.js';
const content = vi.hoisted(() => ({ providerScriptUrl: null as string | null }));
vi.mock('../../shared/build-settings.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../shared/build-settings.ts')>();
  return {
    ...original,
    restaurant: {
      ...original.restaurant,
      privacy: {
        ...original.restaurant.privacy,
        get providerScriptUrl() {
          return content.providerScriptUrl;
        },
      },
    },
  };
});
const { SiteFooter } = await import('./site-footer.tsx');

let reportVisibility: (visible: boolean) => void = () => {};
class FakeIntersectionObserver {
  readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    reportVisibility = (visible) =>
      this.callback(
        [{ isIntersecting: visible } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  observe() {}
  disconnect() {
    reportVisibility = () => {};
  }
}
vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);

const FACTS: RestaurantFacts = {
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
  social: { instagram: 'https://www.instagram.example/ilfaro', facebook: null },
  privacyPolicyUrl: 'https://privacy.example/ilfaro',
  foundedYear: 1987,
  priceRange: '€€€',
};

/** The footer under the root route, whose data carries the restaurant's facts (as in the app). */
function renderFooter(facts = FACTS) {
  const root = { restaurant: facts };
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => root, element: <SiteFooter /> }],
    { hydrationData: { loaderData: { root } } },
  );
  return render(
    <I18nextProvider i18n={createI18n('en', MESSAGES.en)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const providerScripts = () => document.querySelectorAll(`script[src="${PROVIDER}"]`);

afterEach(() => {
  for (const script of providerScripts()) script.remove();
});

describe('SiteFooter privacy provider', () => {
  it('loads the provider script only once the footer is visible', () => {
    content.providerScriptUrl = PROVIDER;
    renderFooter();
    reportVisibility(false);
    expect(providerScripts()).toHaveLength(0);
    reportVisibility(true);
    expect(providerScripts()).toHaveLength(1);
  });

  it('loads nothing when no provider is configured', () => {
    content.providerScriptUrl = null;
    renderFooter();
    reportVisibility(true);
    expect(document.querySelectorAll('script[data-privacy-provider]')).toHaveLength(0);
  });
});

describe('SiteFooter facts', () => {
  it("shows the owner's e-mail, privacy link and name, and only the social links there are", () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'ciao@ilfaro.example' }).getAttribute('href')).toBe(
      'mailto:ciao@ilfaro.example',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://privacy.example/ilfaro',
    );
    expect(screen.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://www.instagram.example/ilfaro',
    );
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(screen.getByText(/Trattoria Il Faro/).textContent).toContain(
      `© ${new Date().getFullYear()} Trattoria Il Faro`,
    );
  });

  it('leaves out "Follow us" when there is no social link at all', () => {
    renderFooter({ ...FACTS, social: { instagram: null, facebook: null } });
    expect(screen.queryByRole('heading', { name: 'Follow us on social media' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Write to us' })).toBeTruthy();
  });
});
