// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderStaffPage, fakeServer, type FakeRoute } from '../../staff/test-utils.tsx';
import type { DailyMenuFields } from './daily-menu-api.ts';
import type { LanguageReview } from './translations-api.ts';
import { TranslationsReview, type MenuSaveSignal } from './translations-review.tsx';
import { toasts } from '../../components/toasts-capture.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const ANNA = { email: 'anna@example.test', firstName: 'Anna', lastName: 'Russo' };
const ITALIAN: DailyMenuFields = {
  titolo: 'Menu di mare',
  descrizione: 'Spaghetti alle vongole, Frittura di paranza',
  infoAggiuntive: 'Acqua inclusa',
};
const machine = (tag: string, menu = ITALIAN): DailyMenuFields => ({
  titolo: `[${tag}] ${menu.titolo}`,
  descrizione: menu.descrizione
    .split(', ')
    .map((dish) => `[${tag}] ${dish}`)
    .join(', '),
  infoAggiuntive: `[${tag}] ${menu.infoAggiuntive}`,
});
const translated = (): LanguageReview[] =>
  (['en', 'fr', 'es', 'de'] as const).map((lang) => ({
    lang,
    machine: machine(lang.toUpperCase()),
    staff: null,
    staffStale: false,
  }));

let routes: Record<string, FakeRoute>;
let italian: DailyMenuFields;
let translations: LanguageReview[];
const { calls } = fakeServer(() => routes);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(ANNA));
  toasts.length = 0;
  italian = ITALIAN;
  translations = translated();
  routes = {
    'GET /api/daily-menu/1': () => Response.json({ id: 1, ...italian, updatedAt: '' }),
    'GET /api/daily-menu/1/translations': () => Response.json({ translations }),
  };
});

/** The review as the dashboard places it, plus a button standing in for the menu form. */
function Harness({ next }: { next?: DailyMenuFields }) {
  const [signal, setSignal] = useState<MenuSaveSignal | null>(null);
  return (
    <>
      {next ? (
        <button type="button" onClick={() => setSignal({ seq: 1, fields: next })}>
          simula salvataggio
        </button>
      ) : null}
      <TranslationsReview saveSignal={signal} pollIntervalMs={10} maxPolls={20} />
    </>
  );
}

function renderReview(next?: DailyMenuFields) {
  renderStaffPage('/dashboard', <Harness next={next} />);
}

const region = () => screen.getByRole('region', { name: 'Traduzioni del menu del giorno' });
const toggle = (name: RegExp) => screen.findByRole('button', { name });
async function open(language: string) {
  const button = await toggle(new RegExp(`^${language}`));
  fireEvent.click(button);
  return button.closest('.staff-translation') as HTMLElement;
}
const form = (panel: HTMLElement) => within(panel).getByRole('group');
const field = (panel: HTMLElement, label: string) =>
  within(form(panel)).getByLabelText(label) as HTMLTextAreaElement;

describe('translation review', () => {
  it('one block per language with what visitors see, the bearer token on the request', async () => {
    translations[1] = {
      ...translations[1]!,
      staff: { ...machine('FR'), titolo: 'Menu de la mer' },
    };
    translations[2] = { ...translations[2]!, machine: null };
    renderReview();
    expect(region()).toBeTruthy();
    expect(await toggle(/^Inglese Traduzione automatica$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Francese Traduzione del personale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spagnolo In attesa di traduzione' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tedesco Traduzione automatica' })).toBeTruthy();
    expect(screen.getByText('[EN] Menu di mare')).toBeTruthy();
    expect(screen.getByText('Menu de la mer')).toBeTruthy();
    expect(screen.getByText('Intanto i visitatori vedono il menu in italiano.')).toBeTruthy();
    const init = calls('GET /api/daily-menu/1/translations')[0]![1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    // Collapsed: no forms yet.
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('opened: the Italian next to the machine translation, the form prefilled with it', async () => {
    renderReview();
    const panel = await open('Tedesco');
    expect(
      within(panel)
        .getByRole('button', { name: /^Tedesco/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    // Field by field: the Italian, then the machine translation (lists as lists).
    const sources = (term: string) =>
      within(panel)
        .getAllByText(term, { selector: 'dt' })
        .map((dt) => dt.nextElementSibling as HTMLElement);
    expect(sources('Italiano').map((dd) => dd.textContent)).toEqual([
      'Menu di mare',
      'Spaghetti alle vongoleFrittura di paranza',
      'Acqua inclusa',
    ]);
    expect(
      sources('Traduzione automatica').flatMap((dd) =>
        within(dd)
          .queryAllByRole('listitem')
          .map((item) => item.textContent),
      ),
    ).toEqual(['[DE] Spaghetti alle vongole', '[DE] Frittura di paranza', '[DE] Acqua inclusa']);
    expect(form(panel).textContent).toContain('Correggi la traduzione in tedesco');
    expect(field(panel, 'Titolo').value).toBe('[DE] Menu di mare');
    expect(field(panel, 'Titolo').lang).toBe('de');
    expect(field(panel, 'Piatti').value).toBe(
      '[DE] Spaghetti alle vongole, [DE] Frittura di paranza',
    );
    expect(field(panel, 'Informazioni').value).toBe('[DE] Acqua inclusa');
    for (const label of ['Piatti', 'Informazioni']) {
      const hint = document.getElementById(field(panel, label).getAttribute('aria-describedby')!);
      expect(hint?.textContent).toBe('Separa ogni opzione con la virgola');
      expect(hint?.previousElementSibling).toBe(field(panel, label));
    }
    // No staff translation: nothing to go back from.
    expect(
      within(panel).queryByRole('button', { name: 'Usa la traduzione automatica' }),
    ).toBeNull();
  });

  it('"Salva traduzione": PUT with the corrected text, toast, the badge says staff', async () => {
    const corrected = { ...machine('DE'), titolo: 'Meeresmenü' };
    routes['PUT /api/daily-menu/1/translations/de'] = (init) => {
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
      expect(JSON.parse(String(init?.body))).toEqual({ ...corrected, italian: ITALIAN });
      translations[3] = { ...translations[3]!, staff: corrected };
      return Response.json({ translations });
    };
    renderReview();
    const panel = await open('Tedesco');
    fireEvent.change(field(panel, 'Titolo'), { target: { value: '  Meeresmenü ' } });
    expect(within(panel).getByText('Modifiche non salvate.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Salva traduzione' }));
    expect(await toggle(/^Tedesco Traduzione del personale$/)).toBeTruthy();
    expect(toasts).toEqual([
      ['success', 'Traduzione in tedesco salvata: i visitatori vedono ora la tua versione.'],
    ]);
    expect(field(panel, 'Titolo').value).toBe('Meeresmenü');
    expect(within(panel).queryByText('Modifiche non salvate.')).toBeNull();
    expect(within(panel).getByText('Meeresmenü', { selector: 'q' })).toBeTruthy();
  });

  it('"Usa la traduzione automatica": DELETE, back to the machine text in the form', async () => {
    translations[3] = { ...translations[3]!, staff: { ...machine('DE'), titolo: 'Meeresmenü' } };
    routes['DELETE /api/daily-menu/1/translations/de'] = (init) => {
      expect(init?.body).toBeUndefined();
      translations[3] = { ...translations[3]!, staff: null };
      return Response.json({ translations });
    };
    renderReview();
    const panel = await open('Tedesco');
    expect(field(panel, 'Titolo').value).toBe('Meeresmenü');
    fireEvent.click(within(panel).getByRole('button', { name: 'Usa la traduzione automatica' }));
    expect(await toggle(/^Tedesco Traduzione automatica$/)).toBeTruthy();
    expect(field(panel, 'Titolo').value).toBe('[DE] Menu di mare');
    expect(toasts).toEqual([
      ['success', 'Correzione in tedesco rimossa: i visitatori vedono la traduzione automatica.'],
    ]);
  });

  it('a correction of an earlier Italian text: the warning, open, and a way back', async () => {
    translations[3] = { ...translations[3]!, staffStale: true };
    routes['DELETE /api/daily-menu/1/translations/de'] = () => {
      translations[3] = { ...translations[3]!, staffStale: false };
      return Response.json({ translations });
    };
    renderReview();
    const button = await toggle(/^Tedesco Traduzione automatica$/);
    const panel = button.closest('.staff-translation') as HTMLElement;
    expect(
      within(panel).getByText('Il menu in italiano è cambiato: ricontrolla la traduzione.'),
    ).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(field(panel, 'Titolo').value).toBe('[DE] Menu di mare');
    fireEvent.click(within(panel).getByRole('button', { name: 'Usa la traduzione automatica' }));
    await waitFor(() =>
      expect(within(panel).queryByText(/Il menu in italiano è cambiato/)).toBeNull(),
    );
    // Only the German block had the warning.
    expect(screen.queryAllByText(/ricontrolla la traduzione/)).toEqual([]);
  });

  it('no provider: "Nessuna traduzione: i visitatori vedono l’italiano"', async () => {
    translations = translations.map((entry) => ({ ...entry, machine: null }));
    renderReview();
    expect(
      await toggle(/^Inglese Nessuna traduzione: i visitatori vedono l’italiano$/),
    ).toBeTruthy();
    const panel = await open('Inglese');
    expect(within(panel).getAllByText('Nessuna traduzione automatica disponibile.')).toHaveLength(
      3,
    );
    // Nothing to start from: empty fields, required where the Italian has text.
    expect(field(panel, 'Titolo').value).toBe('');
    expect(field(panel, 'Titolo').required).toBe(true);
  });

  it('after a save, asks again until the new Italian is translated everywhere', async () => {
    const next = { ...ITALIAN, titolo: 'Menu del pescatore' };
    renderReview(next);
    const panel = await open('Tedesco');
    // Staff are typing in the Spanish form: what they typed stays.
    const spanish = await open('Spagnolo');
    fireEvent.change(field(spanish, 'Titolo'), { target: { value: 'Menú del mar' } });

    italian = next;
    translations = translated().map((entry) => ({ ...entry, machine: null }));
    fireEvent.click(screen.getByRole('button', { name: 'simula salvataggio' }));
    expect(await screen.findByText('Traduzione del menu in corso...')).toBeTruthy();
    expect(await toggle(/^Tedesco In attesa di traduzione$/)).toBeTruthy();
    expect(within(panel).getAllByText('Traduzione in corso...')).toHaveLength(3);
    expect(within(panel).getByText('Menu del pescatore')).toBeTruthy();

    translations = translated().map((entry) => ({ ...entry, machine: machine('X', next) }));
    expect(await toggle(/^Tedesco Traduzione automatica$/)).toBeTruthy();
    expect(field(panel, 'Titolo').value).toBe('[X] Menu del pescatore');
    expect(field(spanish, 'Titolo').value).toBe('Menú del mar');
    await waitFor(() => expect(screen.queryByText('Traduzione del menu in corso...')).toBeNull());
    const polls = calls('GET /api/daily-menu/1/translations').length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls('GET /api/daily-menu/1/translations').length).toBe(polls);
  });

  it('asks again when some languages are translated and others not yet', async () => {
    translations[0] = { ...translations[0]!, machine: null };
    renderReview();
    expect(await toggle(/^Inglese In attesa di traduzione$/)).toBeTruthy();
    translations = translated();
    expect(await toggle(/^Inglese Traduzione automatica$/)).toBeTruthy();
  });

  it('polling gives up after a while and stays silent on failures', async () => {
    translations = translations.map((entry) => ({ ...entry, machine: null }));
    renderReview(ITALIAN);
    await toggle(/^Inglese/);
    routes['GET /api/daily-menu/1/translations'] = () =>
      Response.json({ message: 'boom' }, { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'simula salvataggio' }));
    await waitFor(() => expect(calls('GET /api/daily-menu/1/translations').length).toBe(21));
    await waitFor(() => expect(screen.queryByText('Traduzione del menu in corso...')).toBeNull());
    expect(toasts).toEqual([]);
  });

  it('a refused save goes through the generic handler', async () => {
    routes['PUT /api/daily-menu/1/translations/en'] = () =>
      Response.json({ errors: { titolo: ['Al massimo 2000 caratteri.'] } }, { status: 400 });
    renderReview();
    const panel = await open('Inglese');
    fireEvent.click(within(panel).getByRole('button', { name: 'Salva traduzione' }));
    await waitFor(() => expect(toasts).toEqual([['error', 'Al massimo 2000 caratteri.']]));
    expect(screen.getByRole('button', { name: 'Inglese Traduzione automatica' })).toBeTruthy();
  });

  it('the Italian changed meanwhile: the refusal as a warning, the new Italian, the typing kept', async () => {
    const description =
      'Il menu in italiano è cambiato mentre scrivevi: la traduzione non è stata salvata. Ricontrolla il testo e salvala di nuovo.';
    routes['PUT /api/daily-menu/1/translations/en'] = () => {
      // Another staff member saved a new Italian menu while this one typed.
      italian = { ...ITALIAN, titolo: 'Menu di terra' };
      translations = translated();
      return Response.json({ errors: [{ code: 'italian-changed', description }] }, { status: 409 });
    };
    renderReview();
    const panel = await open('Inglese');
    fireEvent.change(field(panel, 'Titolo'), { target: { value: 'Sea menu' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Salva traduzione' }));
    await waitFor(() => expect(toasts).toEqual([['warning', description]]));
    expect(await within(panel).findByText('Menu di terra')).toBeTruthy();
    expect(field(panel, 'Titolo').value).toBe('Sea menu');
    expect(within(panel).getByText('Modifiche non salvate.')).toBeTruthy();
  });

  it('an expired session: "Effettua il login" and /login', async () => {
    routes['PUT /api/daily-menu/1/translations/en'] = () =>
      Response.json({ message: 'Sessione scaduta' }, { status: 401 });
    renderReview();
    const panel = await open('Inglese');
    fireEvent.click(within(panel).getByRole('button', { name: 'Salva traduzione' }));
    expect(await screen.findByText('at /login from /dashboard')).toBeTruthy();
    expect(toasts).toContainEqual(['warning', 'Effettua il login']);
  });

  it('an empty Italian menu has nothing to translate', async () => {
    italian = { titolo: '', descrizione: '', infoAggiuntive: '' };
    translations = translations.map((entry) => ({ ...entry, machine: null }));
    renderReview();
    expect(
      await screen.findByText(
        'Il menu del giorno è vuoto: scrivilo e salvalo per vederne le traduzioni.',
      ),
    ).toBeTruthy();
  });

  it('a failed load says so', async () => {
    routes['GET /api/daily-menu/1/translations'] = () =>
      Response.json({ message: 'Errore del server' }, { status: 500 });
    renderReview();
    expect(await screen.findByText('Impossibile caricare le traduzioni.')).toBeTruthy();
    // The failure is reported from an effect, which may run after the text shows.
    await vi.waitFor(() => expect(toasts).toEqual([['error', 'Errore del server']]));
  });
});

describe('answers of another shape', () => {
  it('are not shown: the review says it could not load them', async () => {
    routes['GET /api/daily-menu/1/translations'] = () =>
      Response.json({ translations: [{ lang: 'xx', machine: 'junk' }] });
    renderReview();
    expect(await screen.findByText('Impossibile caricare le traduzioni.')).toBeTruthy();
    // The failure is reported from an effect, which may run after the text shows.
    await vi.waitFor(() => expect(toasts).toEqual([['error', 'Errore sconosciuto.']]));
  });
});
