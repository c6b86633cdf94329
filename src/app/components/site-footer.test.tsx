// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/locales/index.ts';
import { createI18n } from '../i18n/create-i18n.ts';

// The privacy provider's script loads when the footer
// appears, and only if the site content configures a provider.
const PROVIDER = 'https://consent.example/embed.js';
const content = vi.hoisted(() => ({ providerScriptUrl: null as string | null }));
vi.mock('../../../content/restaurant.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../content/restaurant.ts')>();
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

function renderFooter() {
  const router = createMemoryRouter([{ path: '/', element: <SiteFooter /> }]);
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
