// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import * as photosRoute from '../../routes/staff/photos.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};

const view = (slot: string, custom: boolean, alt: string): PhotoView => ({
  slot,
  custom,
  alt,
  focus: { x: 0.5, y: 0.5 },
  width: 1600,
  height: 900,
  sources: [
    { type: 'image/avif', srcset: `/photos/${slot}-480.avif 480w, /photos/${slot}-960.avif 960w` },
    { type: 'image/jpeg', srcset: `/photos/${slot}-480.jpg 480w, /photos/${slot}-960.jpg 960w` },
  ],
});

const HERO_ALT = 'La terrazza al tramonto';
const PIZZE_ALT = 'Una margherita appena sfornata';
const NEW_ALT = 'La nostra terrazza & il golfo';

let photos: PhotoView[];
const REVIEW = {
  translations: ['en', 'fr', 'es', 'de'].map((lang) => ({
    lang,
    machine: { alt: `${lang}: ${PIZZE_ALT}` },
    staff: null,
    staffStale: false,
  })),
};
const MENU = {
  lang: 'it',
  sections: [{ id: 3, name: 'Pizze', placement: 'carousel', kitchen: 'oven', items: [] }],
};
let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);

const uploadKey = (slot: string, alt: string) =>
  `PUT /api/photos/${slot}?alt=${encodeURIComponent(alt)}`;

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  // jsdom has no object URLs: the preview of a chosen file needs one.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  photos = [
    view('hero', false, HERO_ALT),
    view('gallery-1', false, 'Un tavolo sotto il pergolato'),
    view('about-2', false, 'La tonnara'),
    view('menu-header', false, 'Il menu'),
    view('section-3', true, PIZZE_ALT),
  ];
  routes = {
    'GET /api/photos': () => Response.json(photos),
    'GET /api/menu?lang=it': () => Response.json(MENU),
    'GET /api/photos/hero/translations': () => Response.json(REVIEW),
    'GET /api/photos/section-3/translations': () => Response.json(REVIEW),
    [uploadKey('hero', NEW_ALT)]: () => Response.json({ ...view('hero', true, NEW_ALT) }),
    'PATCH /api/photos/hero': (init) =>
      Response.json({ ...view('hero', true, NEW_ALT), ...JSON.parse(String(init?.body)) }),
    'PATCH /api/photos/section-3': (init) =>
      Response.json({ ...view('section-3', true, PIZZE_ALT), ...JSON.parse(String(init?.body)) }),
    'DELETE /api/photos/section-3': () => new Response(null, { status: 204 }),
    'PUT /api/photos/section-3/translations/de': () =>
      Response.json({
        translations: REVIEW.translations.map((entry) =>
          entry.lang === 'de' ? { ...entry, staff: { alt: 'Eine Margherita' } } : entry,
        ),
      }),
  };
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderPhotos(url = '/dashboard/photos') {
  renderStaffRoutes(url, [routeModule(photosRoute, { path: '/dashboard/photos' })]);
}

const jpeg = (name = 'terrazza.jpg', size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Scegli o scatta una foto'), {
    target: { files: [file] },
  });
}

describe('the list of slots', () => {
  it('shows every slot by page, with its picture and whether it is the owner’s', async () => {
    renderPhotos();
    const home = await screen.findByRole('region', { name: 'Home' });
    const hero = within(home).getByRole('link', { name: 'Cambia: Foto principale della home' });
    expect(within(hero).getByText('Foto predefinita')).toBeTruthy();
    expect(hero.querySelector('img')?.getAttribute('srcset')).toContain('/photos/hero-480.jpg');
    expect(within(home).getByText('Galleria, foto 1')).toBeTruthy();
    const about = screen.getByRole('region', { name: 'Chi siamo' });
    expect(within(about).getByText('La tonnara')).toBeTruthy();
    // A section's card is named after the section.
    const menu = screen.getByRole('region', { name: 'Menu' });
    const card = within(menu).getByRole('link', { name: 'Cambia: Sezione: Pizze' });
    expect(within(card).getByText('Tua foto')).toBeTruthy();
    expect(card.getAttribute('href')).toBe('/dashboard/photos?foto=section-3');
  });

  it('a slot that does not exist: said, and the list instead', async () => {
    renderPhotos('/dashboard/photos?foto=cantina');
    expect(await screen.findByText(/Questo spazio non esiste più/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Home' })).toBeTruthy();
  });
});

describe('replacing a photo', () => {
  it('a HEIC photo gets a clear message, and nothing is sent', async () => {
    renderPhotos('/dashboard/photos?foto=hero');
    await screen.findByRole('heading', { name: /Foto principale della home/ });
    choose(new File([new Uint8Array(10)], 'IMG_0001.HEIC', { type: 'image/heic' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Questo formato (HEIC o un altro) non si può usare',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Salva foto' }));
    expect(within(screen.getByRole('alert')).getByText(/Scegli prima una foto/)).toBeTruthy();
    expect(calls(uploadKey('hero', HERO_ALT))).toHaveLength(0);
  });

  it('a file over 20 MB is refused before it is sent', async () => {
    renderPhotos('/dashboard/photos?foto=hero');
    await screen.findByRole('heading', { name: /Foto principale della home/ });
    choose(jpeg('grande.jpg', 20 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toContain('supera i 20 MB');
  });

  it('uploads the file with its alt text, then sets the focus chosen with the arrow keys', async () => {
    renderPhotos('/dashboard/photos?foto=hero');
    await screen.findByRole('heading', { name: /Foto principale della home/ });
    const file = jpeg();
    choose(file);
    expect(screen.getByText('Foto scelta: terrazza.jpg. Non è ancora salvata.')).toBeTruthy();
    // The crop the hero will show: wide, centred on the focus.
    const crop = document.querySelector<HTMLElement>('.photo-editor__crop')!;
    expect(crop.style.aspectRatio).toMatch(/^1\.777/);
    const slider = screen.getByRole('slider', { name: 'Punto focale' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(slider.getAttribute('aria-valuetext')).toBe('60% da sinistra, 45% dall’alto');
    expect(crop.querySelector('img')?.style.objectPosition).toBe('60% 45%');

    fireEvent.change(screen.getByLabelText('Descrizione della foto (testo alternativo)'), {
      target: { value: NEW_ALT },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva foto' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Foto salvata: il sito la mostra già.']),
    );
    const [[, upload]] = calls(uploadKey('hero', NEW_ALT)) as [[unknown, RequestInit]];
    expect(upload.body).toBe(file);
    expect((upload.headers as Record<string, string>)['Content-Type']).toBe('image/jpeg');
    expect((upload.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(bodies('PATCH /api/photos/hero')).toEqual([{ focus: { x: 0.6, y: 0.45 } }]);
  });

  it('the server’s refusal shows in the form, in its words', async () => {
    routes[uploadKey('hero', HERO_ALT)] = () =>
      Response.json(
        {
          errors: [{ code: 'photo-unreadable', description: 'Il file non è una foto leggibile.' }],
        },
        { status: 400 },
      );
    renderPhotos('/dashboard/photos?foto=hero');
    await screen.findByRole('heading', { name: /Foto principale della home/ });
    choose(jpeg());
    fireEvent.click(screen.getByRole('button', { name: 'Salva foto' }));
    expect(
      within(await screen.findByRole('alert')).getByText('Il file non è una foto leggibile.'),
    ).toBeTruthy();
    expect(calls('PATCH /api/photos/hero')).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  it('a body too large for the server (413): the 20 MB message', async () => {
    routes[uploadKey('hero', HERO_ALT)] = () =>
      Response.json({ message: 'Request body is too large' }, { status: 413 });
    renderPhotos('/dashboard/photos?foto=hero');
    await screen.findByRole('heading', { name: /Foto principale della home/ });
    choose(jpeg());
    fireEvent.click(screen.getByRole('button', { name: 'Salva foto' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'La foto supera i 20 MB: scegline una più leggera.',
    );
  });

  it('the alt text is required', async () => {
    renderPhotos('/dashboard/photos?foto=hero');
    await screen.findByRole('heading', { name: /Foto principale della home/ });
    choose(jpeg());
    fireEvent.change(screen.getByLabelText('Descrizione della foto (testo alternativo)'), {
      target: { value: '  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva foto' }));
    expect(
      within(await screen.findByRole('alert')).getByText('Testo alternativo: campo obbligatorio.'),
    ).toBeTruthy();
    expect(calls(uploadKey('hero', ''))).toHaveLength(0);
  });
});

describe('an uploaded photo', () => {
  it('changes its alt text alone, without sending the photo again', async () => {
    renderPhotos('/dashboard/photos?foto=section-3');
    await screen.findByRole('heading', { name: /Sezione: Pizze/ });
    // A section's card is square.
    const crop = document.querySelector<HTMLElement>('.photo-editor__crop')!;
    expect(crop.style.aspectRatio).toMatch(/^1\b/);
    fireEvent.change(screen.getByLabelText('Descrizione della foto (testo alternativo)'), {
      target: { value: 'Una margherita col basilico' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva foto' }));
    await waitFor(() =>
      expect(bodies('PATCH /api/photos/section-3')).toEqual([
        { alt: 'Una margherita col basilico' },
      ]),
    );
  });

  it('"Ripristina" asks first, then brings back the default', async () => {
    renderPhotos('/dashboard/photos?foto=section-3');
    await screen.findByRole('heading', { name: /Sezione: Pizze/ });
    fireEvent.click(screen.getByRole('button', { name: 'Ripristina' }));
    expect(calls('DELETE /api/photos/section-3')).toHaveLength(0);
    const question = screen.getByRole('group', {
      name: 'Tornare alla foto predefinita? La tua foto verrà eliminata.',
    });
    fireEvent.click(within(question).getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Foto predefinita ripristinata.']),
    );
    expect(calls('DELETE /api/photos/section-3')).toHaveLength(1);
  });

  it('its alt text’s translations are reviewed and corrected per language', async () => {
    renderPhotos('/dashboard/photos?foto=section-3');
    fireEvent.click(await screen.findByRole('button', { name: /Tedesco/ }));
    const german = screen.getByRole('group', { name: 'Correggi la traduzione in tedesco' });
    fireEvent.change(within(german).getByRole('textbox'), {
      target: { value: 'Eine Margherita' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Salva traduzione' })[0]!);
    await waitFor(() =>
      expect(bodies('PUT /api/photos/section-3/translations/de')).toEqual([
        { alt: 'Eine Margherita', italian: { alt: PIZZE_ALT } },
      ]),
    );
  });

  it('a default photo has no review: its texts ship in every language', async () => {
    renderPhotos('/dashboard/photos?foto=hero');
    expect(
      await screen.findByText(/La foto predefinita ha già il suo testo alternativo/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Tedesco/ })).toBeNull();
    // Nor is one asked for: the server has none to give (404).
    expect(calls('GET /api/photos/hero/translations')).toEqual([]);
  });
});
