// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SITE_TEXT_KEYS } from '../../../shared/schemas/site-texts.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import * as textsRoute from '../../routes/staff/texts.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = {
  email: 'anna@example.test',
  firstName: 'Anna',
  lastName: 'Russo',
  role: 'staff' as const,
};

const TITLE = 'Il mare di Sicilia, in tavola';
/** As stored: the form edits the placeholder, never the number visitors read. */
const EXPERIENCE = 'Oltre {years} anni di esperienza, dal {year}';
const italian = () =>
  Object.fromEntries(
    SITE_TEXT_KEYS.map((key) => [
      key,
      key === 'home.hero.title'
        ? TITLE
        : key === 'home.facts.experience'
          ? EXPERIENCE
          : `Testo ${key}`,
    ]),
  );
const REVIEW = {
  translations: ['en', 'fr', 'es', 'de'].map((lang) => ({
    lang,
    fields: Object.fromEntries(
      Object.entries(italian()).map(([key, text]) => [
        key,
        { italian: text, machine: `${lang} ${key}`, staff: null, staffStale: false },
      ]),
    ),
  })),
};

let routes: Record<string, FakeRoute>;
const { calls, bodies } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  startSession(ANNA);
  toasts.length = 0;
  routes = {
    'GET /api/site-texts/translations': () => Response.json(REVIEW),
    'PUT /api/site-texts': () => Response.json({ texts: italian() }),
    'PUT /api/site-texts/translations/de': () => Response.json(REVIEW),
  };
});

function renderTexts() {
  renderStaffRoutes('/dashboard/texts', [routeModule(textsRoute, { path: '/dashboard/texts' })]);
}

describe('the page texts', () => {
  it('shows every key’s Italian, grouped by page, long texts on several lines', async () => {
    renderTexts();
    const home = await screen.findByRole('group', { name: 'Home' });
    const title = within(home).getByLabelText('Titolo principale') as HTMLInputElement;
    expect(title.value).toBe(TITLE);
    expect(title.tagName).toBe('INPUT');
    expect((within(home).getByDisplayValue(EXPERIENCE) as HTMLInputElement).name).toBe(
      'home.facts.experience',
    );
    expect(within(home).getByLabelText('Presentazione sotto il titolo').tagName).toBe('TEXTAREA');
    const about = screen.getByRole('group', { name: 'Chi siamo' });
    expect(within(about).getByLabelText('I nostri servizi: elenco')).toBeTruthy();
    const meta = screen.getByRole('group', { name: 'Descrizioni delle pagine' });
    expect(within(meta).getByLabelText('Prenotazioni')).toBeTruthy();
    expect(screen.getByText(/\{years\} diventa il numero di anni dalla fondazione/)).toBeTruthy();
  });

  it('saves the changed keys only, in one PUT', async () => {
    renderTexts();
    const title = await screen.findByLabelText('Titolo principale');
    fireEvent.change(title, { target: { value: 'Da {years} anni sul mare' } });
    fireEvent.change(screen.getByLabelText('Prenotazioni'), {
      target: { value: 'Prenota un tavolo.' },
    });
    expect(screen.getByText('Modifiche non salvate.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salva testi' }));
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'success',
        'Testi salvati: il sito li mostra già. Le traduzioni seguono tra poco.',
      ]),
    );
    expect(bodies('PUT /api/site-texts')).toEqual([
      {
        'home.hero.title': 'Da {years} anni sul mare',
        'meta.reservations.description': 'Prenota un tavolo.',
      },
    ]);
  });

  it('the menu’s notes are page texts too: the cover charge changed and saved', async () => {
    renderTexts();
    const notes = await screen.findByRole('group', { name: 'Note del menu' });
    const cover = within(notes).getByLabelText('Coperto') as HTMLInputElement;
    expect(cover.value).toBe('Testo menu.notes.coverCharge');
    expect(within(notes).getByLabelText('Avviso per allergie e intolleranze').tagName).toBe(
      'TEXTAREA',
    );
    fireEvent.change(cover, { target: { value: 'Coperto 2,50 €' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salva testi' }));
    await waitFor(() => expect(bodies('PUT /api/site-texts')).toHaveLength(1));
    expect(bodies('PUT /api/site-texts')).toEqual([{ 'menu.notes.coverCharge': 'Coperto 2,50 €' }]);
  });

  it('nothing changed: nothing sent', async () => {
    renderTexts();
    await screen.findByLabelText('Titolo principale');
    fireEvent.click(screen.getByRole('button', { name: 'Salva testi' }));
    expect(toasts).toContainEqual(['info', 'Nessuna modifica da salvare.']);
    expect(calls('PUT /api/site-texts')).toHaveLength(0);
  });

  it('the server’s refusal of a field shows in the form', async () => {
    routes['PUT /api/site-texts'] = () =>
      Response.json(
        { errors: { 'home.hero.title': ['Titolo principale: al massimo 2000 caratteri.'] } },
        { status: 400 },
      );
    renderTexts();
    fireEvent.change(await screen.findByLabelText('Titolo principale'), {
      target: { value: 'Altro' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva testi' }));
    expect(
      within(await screen.findByRole('alert')).getByText(
        'Titolo principale: al massimo 2000 caratteri.',
      ),
    ).toBeTruthy();
  });

  it('a language’s correction sends the keys changed, with the Italian they translate', async () => {
    renderTexts();
    fireEvent.click(await screen.findByRole('button', { name: /Tedesco/ }));
    const german = screen.getByRole('group', { name: 'Correggi la traduzione in tedesco' });
    fireEvent.change(within(german).getByLabelText('Titolo principale'), {
      target: { value: 'Das Meer Siziliens, auf dem Tisch' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salva traduzione' }));
    await waitFor(() =>
      expect(bodies('PUT /api/site-texts/translations/de')).toEqual([
        {
          'home.hero.title': 'Das Meer Siziliens, auf dem Tisch',
          italian: { 'home.hero.title': TITLE },
        },
      ]),
    );
    expect(toasts).toContainEqual([
      'success',
      'Traduzione salvata: i visitatori vedono ora la tua versione.',
    ]);
  });
});
