// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as printRoute from '../../routes/staff/print.tsx';
import { renderStaffRoutes, routeModule, startSession } from '../../staff/test-utils.tsx';
import { BackOfficeShell } from '../../back-office/index.ts';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const FACTS = {
  name: 'Osteria del Faro',
  phones: { mobile: '+39 333 555 0187', landline: null },
  email: 'info@faro.example',
  address: {
    street: 'Via del Porto 12',
    postalCode: '91014',
    locality: 'Castellammare del Golfo',
    region: 'TP',
    country: 'IT',
  },
  geo: { latitude: 38.0262, longitude: 12.8817 },
  mapUrl: 'https://www.openstreetmap.org/?mlat=38.0262&mlon=12.8817',
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=12.87,38.02,12.89,38.03&marker=38.0262,12.8817',
  social: { instagram: null, facebook: null },
  privacyPolicyUrl: 'https://faro.example/privacy',
  foundedYear: 1998,
  priceRange: '€€',
};
let answer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  if (String(input) !== '/api/restaurant') throw new TypeError(`no route for ${String(input)}`);
  return answer();
});
const print = vi.fn();
beforeEach(() => {
  localStorage.clear();
  startSession({ email: 'a@example.test', firstName: 'Anna', lastName: 'Russo', role: 'staff' });
  answer = () => Response.json(FACTS);
  fetchMock.mockClear();
  print.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('print', print);
});
afterEach(() => vi.unstubAllGlobals());

function renderPrint() {
  renderStaffRoutes('/dashboard/print', [
    {
      path: '/dashboard',
      Component: BackOfficeShell,
      children: [routeModule(printRoute, { path: 'print' })],
    },
  ]);
}

describe('/dashboard/print', () => {
  it('offers the five PDFs for download', async () => {
    renderPrint();
    const first = await screen.findByRole('link', { name: 'Menu in italiano (PDF)' });
    expect(
      screen.getByRole('navigation', { name: 'Sezioni' }).querySelector('a[aria-current="page"]'),
    ).toHaveProperty('textContent', 'Stampa e QR');
    const downloads = within(first.closest('ul')!).getAllByRole('link');
    expect(
      downloads.map((link) => [
        link.textContent,
        link.getAttribute('href'),
        link.getAttribute('download'),
      ]),
    ).toEqual([
      ['Menu in italiano (PDF)', '/menu.pdf?lng=it', 'menu-it.pdf'],
      ['Menu in inglese (PDF)', '/menu.pdf?lng=en', 'menu-en.pdf'],
      ['Menu in francese (PDF)', '/menu.pdf?lng=fr', 'menu-fr.pdf'],
      ['Menu in spagnolo (PDF)', '/menu.pdf?lng=es', 'menu-es.pdf'],
      ['Menu in tedesco (PDF)', '/menu.pdf?lng=de', 'menu-de.pdf'],
    ]);
  });

  it('shows the table card in the language chosen, with the restaurant name, and prints it', async () => {
    renderPrint();
    const card = await screen.findByRole('figure', {
      name: 'Anteprima del cartoncino in italiano',
    });
    expect(within(card).getByText('Osteria del Faro')).toBeTruthy();
    expect(within(card).getByRole('img').getAttribute('src')).toBe('/menu-qr.svg?lng=it');
    expect(within(card).getByText('Inquadra per il menu').getAttribute('lang')).toBe('it');

    fireEvent.change(screen.getByLabelText('Lingua del cartoncino'), { target: { value: 'de' } });
    const german = screen.getByRole('figure', { name: 'Anteprima del cartoncino in tedesco' });
    expect(
      within(german).getByRole('img', { name: 'Codice QR del menu in tedesco' }),
    ).toHaveProperty('src', expect.stringMatching(/\/menu-qr\.svg\?lng=de$/));
    expect(within(german).getByText('Scannen für die Speisekarte').getAttribute('lang')).toBe('de');

    fireEvent.change(screen.getByLabelText('Lingua del cartoncino'), { target: { value: 'es' } });
    expect(screen.getByText('Escanea para ver el menú')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Stampa il cartoncino' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says so when the name cannot be loaded, and the downloads still work', async () => {
    answer = () => Response.json({ message: 'Internal server error' }, { status: 500 });
    renderPrint();
    expect(await screen.findByText('Impossibile caricare il nome del ristorante.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(screen.getAllByRole('link', { name: /\(PDF\)$/ })).toHaveLength(5);
    answer = () => Response.json(FACTS);
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Osteria del Faro')).toBeTruthy();
  });
});
