// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/locales/index.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { createI18n } from '../i18n/create-i18n.ts';

// The preview picture is built by the Vite plugin the build runs (scripts/vite-responsive-images.ts).
vi.mock('../../../content/images/map-preview.svg?responsive', () => ({
  default: {
    src: '/map-preview.jpg',
    width: 720,
    height: 480,
    srcSet: { avif: '/map-preview.avif', webp: '/map-preview.webp', jpeg: '/map-preview.jpg' },
  },
}));
const { MapSection } = await import('./map-section.tsx');
const { FACTS: SHARED_FACTS } = await import('./test-utils.tsx');

// The home page's map: the embed address and its host come from the facts the
// owner set (GET /api/restaurant), and nothing is framed before the visitor asks.
const FACTS: RestaurantFacts = {
  ...SHARED_FACTS,
  mapEmbedUrl: 'https://www.openstreetmap.org/export/embed.html?marker=38.0198,12.5136',
};

function renderMap(facts = FACTS) {
  const root = { restaurant: facts };
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => root, element: <MapSection weekly={[]} /> }],
    { hydrationData: { loaderData: { root } } },
  );
  return render(
    <I18nextProvider i18n={createI18n('en', MESSAGES.en)}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('MapSection', () => {
  it("names the owner's map provider, and frames the owner's embed address only once asked", () => {
    renderMap();
    expect(screen.getByText(/\(www\.openstreetmap\.org\)/)).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the map' }));
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(FACTS.mapEmbedUrl);
  });
});
