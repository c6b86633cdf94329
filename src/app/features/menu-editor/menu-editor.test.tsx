// @vitest-environment jsdom
// Over 400 lines: the menu editor's screens in one file (the list, a section, a dish, the CSV panel), sharing one fake server.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MenuAnswer, ItemTranslationsAnswer } from '../../../shared/schemas/menu.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  renderStaffRoutes,
  routeModule,
  startSession,
  fakeServer,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import * as menuRoute from '../../routes/staff/menu.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};

const dish = (
  id: number,
  name: string,
  extra: Partial<MenuAnswer['sections'][0]['items'][0]> = {},
) => ({
  id,
  name,
  description: '',
  ingredients: '',
  prices: [{ label: '', amount: '8.00' }],
  allergens: null,
  available: true,
  frozen: false,
  takeaway: true,
  translation: 'none' as const,
  ...extra,
});

let menu: MenuAnswer;
let translations: ItemTranslationsAnswer;
let routes: Record<string, FakeRoute>;
const { fetchMock, bodies } = fakeServer(() => routes);

const field = (italian: string, machine: string | null = null, staff: string | null = null) => ({
  italian,
  machine,
  staff,
  staffStale: false,
});

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  menu = {
    lang: 'it',
    sections: [
      {
        id: 1,
        name: 'Antipasti',
        placement: 'carousel',
        kitchen: 'kitchen',
        items: [dish(1, 'Arancine miste'), dish(2, 'Caponata di melanzane')],
      },
      {
        id: 2,
        name: 'Pizze',
        placement: 'carousel',
        kitchen: 'oven',
        items: [dish(3, 'Margherita')],
      },
    ],
  };
  translations = {
    translations: (['en', 'fr', 'es', 'de'] as const).map((lang) => ({
      lang,
      fields: {
        name: field('Caponata di melanzane', `[${lang}] Caponata di melanzane`),
        description: field(''),
        ingredients: field(''),
      },
    })),
  };
  routes = {
    'GET /api/menu?lang=it': () => Response.json(menu),
    'GET /api/menu/items/2/translations': () => Response.json(translations),
  };
});

/** /dashboard/menu through its route module: the client loader fetches the menu. */
function renderEditor(url = '/dashboard/menu') {
  renderStaffRoutes(url, [routeModule(menuRoute, { path: '/dashboard/menu' })]);
}

const sectionToggle = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^${name} \\d+ piatt`) });

describe('the list', () => {
  it('shows the sections; a dish runs out with one tap on its switch', async () => {
    renderEditor();
    fireEvent.click(await sectionToggle('Antipasti'));
    const toggle = screen.getByRole('switch', { name: 'Disponibilità di Caponata di melanzane' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    routes['PATCH /api/menu/items/2'] = () => {
      menu.sections[0]!.items[1]!.available = false;
      return Response.json({ ...menu.sections[0]!.items[1]!, sectionId: 1, position: 1 });
    };
    fireEvent.click(toggle);
    // The switch answers at once, before the server does.
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await waitFor(() =>
      expect(toasts).toContainEqual(['success', 'Caponata di melanzane segnato come esaurito.']),
    );
    expect(bodies('PATCH /api/menu/items/2')).toEqual([{ available: false }]);
    expect(
      screen
        .getByRole('switch', { name: 'Disponibilità di Caponata di melanzane' })
        .getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('a refused switch goes back to what the server has', async () => {
    renderEditor();
    fireEvent.click(await sectionToggle('Antipasti'));
    routes['PATCH /api/menu/items/1'] = () =>
      Response.json({ message: 'Piatto non trovato.' }, { status: 404 });
    const toggle = screen.getByRole('switch', { name: 'Disponibilità di Arancine miste' });
    fireEvent.click(toggle);
    await waitFor(() => expect(toasts).toContainEqual(['error', 'Piatto non trovato.']));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('finds a dish by name across the sections', async () => {
    renderEditor();
    fireEvent.change(await screen.findByLabelText('Cerca un piatto'), {
      target: { value: 'marg' },
    });
    const results = screen.getByRole('list', { name: 'Piatti trovati' });
    expect(within(results).getByText('Margherita')).toBeTruthy();
    expect(within(results).queryByText('Arancine miste')).toBeNull();
  });

  it('a menu that cannot be loaded says so, and loads again on request', async () => {
    routes['GET /api/menu?lang=it'] = () => Response.json({ message: 'no' }, { status: 503 });
    renderEditor();
    expect(await screen.findByText('Impossibile caricare il menu.')).toBeTruthy();
    routes['GET /api/menu?lang=it'] = () => Response.json(menu);
    fireEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await sectionToggle('Antipasti')).toBeTruthy();
  });
});

describe('a section', () => {
  it('says who makes its dishes when it is added, and changes it with its name', async () => {
    routes['POST /api/menu/sections'] = () => {
      menu.sections.push({
        id: 3,
        name: 'Gelati',
        placement: 'carousel',
        kitchen: 'none',
        items: [],
      });
      return Response.json({ id: 3 }, { status: 201 });
    };
    routes['PATCH /api/menu/sections/2'] = () => new Response(null, { status: 204 });
    renderEditor();
    const adding = await screen.findByRole('form', { name: 'Nuova sezione' });
    // A new section counts against the kitchen unless staff say otherwise.
    expect(within(adding).getByRole('combobox', { name: 'Reparto' })).toHaveProperty(
      'value',
      'kitchen',
    );
    fireEvent.change(within(adding).getByLabelText('Nome della sezione'), {
      target: { value: 'Gelati' },
    });
    fireEvent.change(within(adding).getByRole('combobox', { name: 'Reparto' }), {
      target: { value: 'none' },
    });
    fireEvent.click(within(adding).getByRole('button', { name: 'Aggiungi sezione' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Sezione aggiunta.']));
    expect(bodies('POST /api/menu/sections')).toEqual([
      { name: 'Gelati', placement: 'carousel', kitchen: 'none' },
    ]);
    // The list is loaded again and shows it (before anything else is clicked:
    // a click while the reload is on its way would wait for it).
    expect((await sectionToggle('Gelati')).textContent).toContain('Nessuno');

    fireEvent.click(await sectionToggle('Pizze'));
    // The section's row says who makes its dishes; its form changes it.
    expect(screen.getByRole('button', { name: /^Pizze 1 piatto · Forno$/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Modifica la sezione Pizze' }));
    const editing = screen.getByRole('form', { name: 'Modifica la sezione Pizze' });
    const kitchen = within(editing).getByRole('combobox', { name: 'Reparto' });
    expect(kitchen).toHaveProperty('value', 'oven');
    expect(
      within(kitchen)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Forno', 'Cucina', 'Nessuno']);
    fireEvent.change(kitchen, { target: { value: 'kitchen' } });
    fireEvent.click(within(editing).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Sezione salvata.']));
    expect(bodies('PATCH /api/menu/sections/2')).toEqual([
      { name: 'Pizze', placement: 'carousel', kitchen: 'kitchen' },
    ]);
  });
});

describe('a dish', () => {
  it('"Ordinabile da asporto" shows what the dish has and is saved with the form', async () => {
    menu.sections[0]!.items[1]!.takeaway = false;
    routes['PATCH /api/menu/items/2'] = () =>
      Response.json({ ...menu.sections[0]!.items[1]!, sectionId: 1, position: 1 });
    renderEditor('/dashboard/menu?piatto=2');
    const takeaway = await screen.findByRole('checkbox', { name: 'Ordinabile da asporto' });
    expect(takeaway).toHaveProperty('checked', false);
    fireEvent.click(takeaway);
    fireEvent.click(screen.getByRole('button', { name: 'Salva piatto' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Piatto salvato.']));
    expect(bodies('PATCH /api/menu/items/2')[0]).toMatchObject({ takeaway: true });
  });

  it("a draft kept before takeaway existed takes the dish's own mark", async () => {
    menu.sections[0]!.items[1]!.takeaway = false;
    localStorage.setItem(
      'menu-dish-draft:2',
      JSON.stringify({
        sectionId: 1,
        name: 'Caponata',
        description: 'y',
        ingredients: '',
        prices: [{ label: '', amount: '7' }],
        allergensDeclared: false,
        allergens: [],
        available: true,
        frozen: false,
      }),
    );
    renderEditor('/dashboard/menu?piatto=2');
    expect(((await screen.findByLabelText('Descrizione')) as HTMLTextAreaElement).value).toBe('y');
    expect(screen.getByRole('checkbox', { name: 'Ordinabile da asporto' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('a new dish: sizes with prices, allergens declared as none, frozen', async () => {
    routes['POST /api/menu/items'] = () =>
      Response.json({ ...dish(9, 'Birra'), sectionId: 2, position: 1 }, { status: 201 });
    renderEditor('/dashboard/menu?nuovo=2');
    fireEvent.change(await screen.findByLabelText('Nome'), { target: { value: 'Birra' } });
    fireEvent.change(screen.getByLabelText('Formato del prezzo 1'), {
      target: { value: '0,30 l' },
    });
    fireEvent.change(screen.getByLabelText('Prezzo 1 in euro'), { target: { value: '3,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi formato' }));
    fireEvent.change(screen.getByLabelText('Formato del prezzo 2'), {
      target: { value: '0,40 l' },
    });
    fireEvent.change(screen.getByLabelText('Prezzo 2 in euro'), { target: { value: '4,50' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Dichiarati: il piatto contiene…' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Prodotto congelato/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva piatto' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Piatto aggiunto.']));
    expect(bodies('POST /api/menu/items')).toEqual([
      {
        sectionId: 2,
        name: 'Birra',
        description: '',
        ingredients: '',
        prices: [
          { label: '0,30 l', amount: '3,50' },
          { label: '0,40 l', amount: '4,50' },
        ],
        allergens: [],
        available: true,
        frozen: true,
        takeaway: true,
      },
    ]);
    // Saved: the draft is gone and the list is back, with the dish's section open.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('menu-dish-draft:'))).toEqual(
      [],
    );
    expect(await screen.findByRole('switch', { name: 'Disponibilità di Margherita' })).toBeTruthy();
  });

  it('allergens not declared are sent as null, ticked ones in the Annex order', async () => {
    routes['PATCH /api/menu/items/2'] = () =>
      Response.json({ ...menu.sections[0]!.items[1]!, sectionId: 1, position: 1 });
    renderEditor('/dashboard/menu?piatto=2');
    await screen.findByLabelText('Nome');
    fireEvent.click(screen.getByRole('button', { name: 'Salva piatto' }));
    await waitFor(() => expect(bodies('PATCH /api/menu/items/2')).toHaveLength(1));
    expect(bodies('PATCH /api/menu/items/2')[0]).toMatchObject({ allergens: null });

    // Saved: back to the list; the dish again, now with its allergens declared.
    fireEvent.click(await screen.findByRole('link', { name: 'Modifica Caponata di melanzane' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Dichiarati: il piatto contiene…' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sedano' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Glutine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva piatto' }));
    await waitFor(() => expect(bodies('PATCH /api/menu/items/2')).toHaveLength(2));
    expect(bodies('PATCH /api/menu/items/2')[1]).toMatchObject({ allergens: ['gluten', 'celery'] });
  });

  it('a refused save keeps the form and says why; the typing survives a reload', async () => {
    routes['PATCH /api/menu/items/2'] = () =>
      Response.json(
        { errors: { 'prices.0.amount': ['Prezzo: scrivilo come 12 o 12,50.'] } },
        { status: 400 },
      );
    renderEditor('/dashboard/menu?piatto=2');
    fireEvent.change(await screen.findByLabelText('Descrizione'), {
      target: { value: 'Melanzane in agrodolce' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva piatto' }));
    await waitFor(() =>
      expect(toasts).toContainEqual(['error', 'Prezzo: scrivilo come 12 o 12,50.']),
    );
    expect((screen.getByLabelText('Descrizione') as HTMLTextAreaElement).value).toBe(
      'Melanzane in agrodolce',
    );

    toasts.length = 0;
    renderEditor('/dashboard/menu?piatto=2');
    await waitFor(() =>
      expect(toasts).toContainEqual(['info', 'Ripristinate le modifiche non salvate.']),
    );
  });

  it('a kept draft is said once, however often the form mounts', async () => {
    localStorage.setItem(
      'menu-dish-draft:2',
      JSON.stringify({
        sectionId: 1,
        name: 'Caponata',
        description: 'x',
        ingredients: '',
        prices: [{ label: '', amount: '7' }],
        allergensDeclared: false,
        allergens: [],
        available: true,
        frozen: false,
      }),
    );
    renderEditor('/dashboard/menu?piatto=2');
    expect(((await screen.findByLabelText('Descrizione')) as HTMLTextAreaElement).value).toBe('x');
    await waitFor(() =>
      expect(toasts).toContainEqual(['info', 'Ripristinate le modifiche non salvate.']),
    );
    expect(
      toasts.filter(([, text]) => text === 'Ripristinate le modifiche non salvate.'),
    ).toHaveLength(1);
  });

  it('an ended session on save goes to the login, keeping the draft', async () => {
    routes['PATCH /api/menu/items/2'] = () =>
      Response.json({ message: 'Sessione scaduta.' }, { status: 401 });
    renderEditor('/dashboard/menu?piatto=2');
    fireEvent.change(await screen.findByLabelText('Descrizione'), {
      target: { value: 'Melanzane in agrodolce' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva piatto' }));
    expect(await screen.findByText('at /login from /dashboard/menu')).toBeTruthy();
    expect(localStorage.getItem('menu-dish-draft:2')).toContain('Melanzane in agrodolce');
  });

  it('a dish deleted after confirmation: back to its section, gone from the list', async () => {
    routes['DELETE /api/menu/items/2'] = () => {
      menu.sections[0]!.items.splice(1, 1);
      return new Response(null, { status: 204 });
    };
    renderEditor('/dashboard/menu?piatto=2');
    fireEvent.click(await screen.findByRole('button', { name: 'Elimina piatto' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Piatto eliminato.']));
    expect(
      await screen.findByRole('switch', { name: 'Disponibilità di Arancine miste' }),
    ).toBeTruthy();
    expect(screen.queryByText('Caponata di melanzane')).toBeNull();
    expect(screen.queryByText(/non è più nel menu/)).toBeNull();
  });

  it('a German name corrected by hand: only that field is sent, with the Italian it translates', async () => {
    routes['PUT /api/menu/items/2/translations/de'] = () => {
      translations.translations[3]!.fields.name.staff = 'Caponata nach Art des Hauses';
      return Response.json(translations);
    };
    renderEditor('/dashboard/menu?piatto=2');
    fireEvent.click(await screen.findByRole('button', { name: /^Tedesco/ }));
    const german = screen.getByRole('group', { name: 'Correggi la traduzione in tedesco' });
    fireEvent.change(within(german).getByLabelText('Nome'), {
      target: { value: 'Caponata nach Art des Hauses' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva traduzione' }));
    await waitFor(() => expect(toasts).toContainEqual(['success', 'Traduzione salvata.']));
    expect(bodies('PUT /api/menu/items/2/translations/de')).toEqual([
      { name: 'Caponata nach Art des Hauses', italian: { name: 'Caponata di melanzane' } },
    ]);
    expect(
      await screen.findByRole('button', { name: 'Tedesco Traduzione del personale' }),
    ).toBeTruthy();
  });
});

describe('the menu as a CSV file', () => {
  const file = (text: string) => new File([text], 'menu.csv', { type: 'text/csv' });
  const answer = {
    changes: [
      { action: 'update', entity: 'item', id: 3, name: 'Margherita', fields: ['prezzi'] },
      { action: 'add', entity: 'item', id: null, name: 'Pizza Tonnara', fields: [] },
      { action: 'delete', entity: 'section', id: 2, name: 'Pizze', fields: [] },
    ],
    summary: { added: 1, updated: 1, deleted: 1, unchanged: 2 },
  };

  async function choose(text: string) {
    fireEvent.change(await screen.findByLabelText('File CSV da importare'), {
      target: { files: [file(text)] },
    });
    // jsdom keeps a chosen file apart from `files`: its own validation would
    // find the required input empty, so the form is submitted directly.
    fireEvent.submit(screen.getByRole('button', { name: 'Controlla il file' }).closest('form')!);
  }

  it('a file is previewed first; it is imported only once confirmed', async () => {
    routes['POST /api/menu/import/preview'] = () => Response.json(answer);
    routes['POST /api/menu/import'] = () => Response.json(answer);
    renderEditor();
    await choose('sezione_id;sezione\r\n');
    const preview = await screen.findByText(
      'Se importi il file: 1 da aggiungere, 1 da modificare, 1 da eliminare.',
    );
    const box = preview.closest('[role="status"]') as HTMLElement;
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pizza Tonnara', 'Margherita (prezzi)', 'Sezione Pizze']);
    expect(bodies('POST /api/menu/import/preview')).toEqual([{ csv: 'sezione_id;sezione\r\n' }]);
    expect(bodies('POST /api/menu/import')).toEqual([]);

    fireEvent.click(within(box).getByRole('button', { name: 'Importa il file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(toasts[0]?.[1]).toMatch(/^Menu importato: 1 aggiunti, 1 modificati, 1 eliminati\./),
    );
    expect(bodies('POST /api/menu/import')).toEqual([{ csv: 'sezione_id;sezione\r\n' }]);
  });

  it('a bad file is refused with its rows, and nothing is imported', async () => {
    routes['POST /api/menu/import/preview'] = () =>
      Response.json(
        {
          errors: {
            csv: ['Riga 7: Prezzo: scrivilo come 12 o 12,50.', 'Riga 9: Allergene sconosciuto.'],
          },
        },
        { status: 400 },
      );
    renderEditor();
    await choose('x');
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Il file non è stato importato.');
    expect(
      within(refusal)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Riga 7: Prezzo: scrivilo come 12 o 12,50.', 'Riga 9: Allergene sconosciuto.']);
    expect(toasts).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Importa il file' })).toBeNull();
  });
});
