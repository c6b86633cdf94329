// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/locales/index.ts';
import { createI18n } from '../../i18n/create-i18n.ts';
import * as reservationsRoute from '../../routes/public/reservations.tsx';
import { CLIENT_ADDRESS, FACTS, fakeReservations, renderGuestPages } from './test-utils.tsx';

let fake: ReturnType<typeof fakeReservations>;
/** GET /api/reservations/availability, answered by the fake service like the API would. */
const fetchMock = vi.fn<typeof fetch>();
const availabilityCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('availability'));

beforeEach(() => {
  fake = fakeReservations();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const party = Number(url.searchParams.get('party'));
    const date = url.searchParams.get('date') ?? '';
    const answer = await fake.service.availability(date, party);
    return answer.ok
      ? Response.json(answer.answer)
      : Response.json({ errors: [{ code: answer.code, description: 'x' }] }, { status: 409 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

const partySelect = () => screen.getByRole('combobox', { name: 'Guests' });
const daySelect = () => screen.getByRole('combobox', { name: 'Day' });
const timeSelect = () => screen.getByRole('combobox', { name: 'Time' });
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

/** Chooses a party and a day, and waits for the times. */
async function choose(party: string, date: string) {
  fireEvent.change(await screen.findByRole('combobox', { name: 'Guests' }), {
    target: { value: party },
  });
  fireEvent.change(daySelect(), { target: { value: date } });
  await waitFor(() => expect(timeSelect()).toHaveProperty('disabled', false));
  await screen.findByRole('option', { name: '19:30' });
}

function fillDetails() {
  fireEvent.change(timeSelect(), { target: { value: '20:00' } });
  fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Lena Schmidt' } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'lena@example.de' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+49 30 1234567' } });
  fireEvent.click(screen.getByLabelText('I have read and accept the privacy policy'));
}

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send my booking' }));

describe('choosing a party and a day', () => {
  it('offers 1 to the online maximum, then "more", which asks to phone instead', async () => {
    renderGuestPages('/reservations', fake.service);
    expect(optionTexts(await screen.findByRole('combobox', { name: 'Guests' }))).toEqual([
      'Choose…',
      '1 person',
      '2 people',
      '3 people',
      '4 people',
      '5 people',
      '6 people',
      '7 people',
      '8 people',
      'More than 8 people',
    ]);
    fireEvent.change(partySelect(), { target: { value: '9' } });
    expect(screen.getByText(/groups of more than 8 people we take bookings by phone/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call +39 347 123 4567' }).getAttribute('href')).toBe(
      'tel:+393471234567',
    );
    expect(screen.queryByRole('combobox', { name: 'Day' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Time' })).toBeNull();
    expect(availabilityCalls()).toEqual([]);
  });

  it('follows the online maximum the owner set', async () => {
    fake.maxPartyOnline = 4;
    renderGuestPages('/reservations', fake.service);
    const options = optionTexts(await screen.findByRole('combobox', { name: 'Guests' }));
    expect(options.at(-2)).toBe('4 people');
    expect(options.at(-1)).toBe('More than 4 people');
  });

  it("lists every day in the page's language, closed ones disabled", async () => {
    renderGuestPages('/reservations', fake.service, 'de');
    const days = await screen.findByRole('combobox', { name: 'Tag' });
    const options = within(days).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Bitte wählen…',
      'Samstag, 5. Dezember',
      'Sonntag, 6. Dezember',
      'Montag, 7. Dezember (geschlossen)',
      'Dienstag, 8. Dezember',
    ]);
    expect(options.map((option) => (option as HTMLOptionElement).disabled)).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
  });

  it('loads the times of the choice without leaving the page, full ones disabled', async () => {
    renderGuestPages('/reservations', fake.service);
    await choose('2', '2026-12-05');
    expect(availabilityCalls()).toEqual(['/api/reservations/availability?date=2026-12-05&party=2']);
    expect(optionTexts(timeSelect())).toEqual(['Choose a time…', '19:30', '19:45 (full)', '20:00']);
    expect(screen.getByRole('option', { name: '19:45 (full)' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('status').textContent).toBe(
      '2 times available. Times marked full have no tables left: please choose another one.',
    );
    expect(screen.getByText('Table for 2 people, Saturday 5 December')).toBeTruthy();
    // Another party asks again; going back to a choice already seen does not.
    fireEvent.change(partySelect(), { target: { value: '4' } });
    await waitFor(() => expect(availabilityCalls()).toHaveLength(2));
    fireEvent.change(partySelect(), { target: { value: '2' } });
    expect(availabilityCalls()).toHaveLength(2);
    // The choice form's button, which sends it without JavaScript, asks again in place.
    fireEvent.click(screen.getByRole('button', { name: 'Show the times' }));
    await waitFor(() => expect(availabilityCalls()).toHaveLength(3));
    await screen.findByRole('option', { name: '19:30' });
  });

  it('shows the progress while the times load', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderGuestPages('/reservations', fake.service);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Guests' }), {
      target: { value: '2' },
    });
    fireEvent.change(daySelect(), { target: { value: '2026-12-06' } });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Looking for free times…',
    );
    answer(Response.json({ date: '2026-12-06', party: 2, slots: fake.slots }));
    await screen.findByRole('option', { name: '19:30' });
  });

  it('says when a day has no table left, and when loading failed, with a retry', async () => {
    fake.slots = [
      { time: '19:30', available: false },
      { time: '19:45', available: false },
    ];
    renderGuestPages('/reservations', fake.service);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Guests' }), {
      target: { value: '3' },
    });
    fireEvent.change(daySelect(), { target: { value: '2026-12-05' } });
    expect(
      await screen.findByText(
        'No tables are left for 3 people on this day: please try another day or call us.',
      ),
    ).toBeTruthy();
    expect(timeSelect()).toHaveProperty('disabled', true);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.change(daySelect(), { target: { value: '2026-12-06' } });
    expect(await screen.findByText('We could not load the times.')).toBeTruthy();
    fake.slots = [{ time: '13:00', available: true }];
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('option', { name: '13:00' });
    expect(screen.queryByText('We could not load the times.')).toBeNull();
  });
});

describe('sending a booking', () => {
  it('checks the fields first: each error beside its field, the focus on the first', async () => {
    renderGuestPages('/reservations', fake.service);
    await choose('2', '2026-12-05');
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'lena@example' } });
    send();
    const expected = {
      Time: 'Please choose a time.',
      'Full name': 'Please enter your name.',
      'E-mail': 'Please enter a valid e-mail address, such as name@example.com.',
      Phone: 'Please enter a valid phone number (6 to 20 digits).',
      'I have read and accept the privacy policy': 'To book, please accept the privacy policy.',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent);
      expect(described, label).toContain(message);
    }
    expect(
      screen.getByLabelText('Notes for the restaurant (optional)').getAttribute('aria-invalid'),
    ).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(timeSelect()));
    expect(fake.service.book).not.toHaveBeenCalled();

    // Fixing a field takes its error away.
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Lena' } });
    expect(screen.queryByText('Please enter your name.')).toBeNull();
    expect(screen.getByText('Please choose a time.')).toBeTruthy();
  });

  it('books, then shows the request received, with the focus on it', async () => {
    renderGuestPages('/reservations', fake.service);
    await choose('2', '2026-12-05');
    fillDetails();
    fireEvent.change(screen.getByLabelText('Notes for the restaurant (optional)'), {
      target: { value: 'A high chair' },
    });
    send();
    const heading = await screen.findByRole('heading', { name: 'Request received' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(
      screen.getByText(
        'Thank you, Lena Schmidt! We have received your request for a table for 2 people on Saturday 5 December at 20:00. We will e-mail you as soon as we have confirmed it.',
      ),
    ).toBeTruthy();
    expect(fake.service.book).toHaveBeenCalledWith(
      {
        name: 'Lena Schmidt',
        email: 'lena@example.de',
        phone: '+49 30 1234567',
        party: '2',
        date: '2026-12-05',
        time: '20:00',
        notes: 'A high chair',
        privacy: true,
        lang: 'en',
        website: '',
      },
      CLIENT_ADDRESS,
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book another table' }).getAttribute('href')).toBe(
      '/reservations',
    );
  });

  it('where guests choose the area: the times and the booking carry it', async () => {
    fake.areas = [{ id: 4, name: 'Dining room' }];
    renderGuestPages('/reservations', fake.service);
    fireEvent.change(await screen.findByRole('combobox', { name: 'Where' }), {
      target: { value: '4' },
    });
    await choose('2', '2026-12-05');
    expect(availabilityCalls().at(-1)).toContain('area=4');
    fillDetails();
    send();
    await screen.findByRole('heading', { name: 'Request received' });
    expect(fake.service.book).toHaveBeenCalledWith(
      expect.objectContaining({ area: '4', time: '20:00' }),
      CLIENT_ADDRESS,
    );
  });

  it('says when the table is confirmed at once', async () => {
    fake.bookAnswer = { ok: true, id: 42, status: 'confirmed' };
    renderGuestPages('/reservations', fake.service, 'it');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Persone' }), {
      target: { value: '4' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Giorno' }), {
      target: { value: '2026-12-08' },
    });
    await screen.findByRole('option', { name: '19:30' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Ora' }), { target: { value: '19:30' } });
    fireEvent.change(screen.getByLabelText('Nome e cognome'), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'anna@example.it' } });
    fireEvent.change(screen.getByLabelText('Telefono'), { target: { value: '347 1234567' } });
    fireEvent.click(screen.getByLabelText("Ho letto e accetto l'informativa sulla privacy"));
    fireEvent.click(screen.getByRole('button', { name: 'Invia la prenotazione' }));
    expect(await screen.findByRole('heading', { name: 'Tavolo confermato' })).toBeTruthy();
    expect(
      screen.getByText(
        'Grazie, Anna! Il tuo tavolo per 4 persone, martedì 8 dicembre alle 19:30, è confermato. Riceverai i dettagli per e-mail.',
      ),
    ).toBeTruthy();
  });

  it("marks the fields the server refused, and tells what it can't place", async () => {
    fake.bookAnswer = {
      ok: false,
      code: 'invalid',
      fields: { email: ['must be an e-mail'], lang: ['Invalid option'] },
    };
    renderGuestPages('/reservations', fake.service);
    await choose('2', '2026-12-05');
    fillDetails();
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Your booking was not sent' +
        'Something in the request is not right: please reload the page and try again.',
    );
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid e-mail address, such as name@example.com.',
    );
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Lena Schmidt');
  });

  it('a slot that filled up meanwhile: told beside the times, which load again', async () => {
    fake.bookAnswer = { ok: false, code: 'slot-full' };
    renderGuestPages('/reservations', fake.service);
    await choose('2', '2026-12-05');
    fillDetails();
    fake.slots = [
      { time: '19:30', available: true },
      { time: '19:45', available: false },
      { time: '20:00', available: false },
    ];
    send();
    expect(
      await screen.findByText('Sorry, this time has just filled up: please choose another one.'),
    ).toBeTruthy();
    await screen.findByRole('option', { name: '20:00 (full)' });
    expect(availabilityCalls()).toHaveLength(2);
    expect(timeSelect()).toHaveProperty('value', '');
    expect(timeSelect().getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(timeSelect()));
  });

  it.each([
    ['rate-limited', 'Too many requests: please try again later, or call us.'],
    ['party-too-large', 'For a group this large we take bookings by phone.'],
    [
      'too-many-pending',
      'Your requests for this day that await our confirmation already reach the most people one guest can hold online: please wait for our reply, call us, or choose fewer people.',
    ],
  ] as const)('%s: an alert with the phone', async (code, message) => {
    fake.bookAnswer = { ok: false, code };
    renderGuestPages('/reservations', fake.service);
    await choose('2', '2026-12-05');
    fillDetails();
    send();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Call +39 347 123 4567' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });
});

describe('without JavaScript (the server-rendered page)', () => {
  /** The page as the server renders it for `url`: the loader's data, no effect run. */
  async function serverRendered(url: string, actionData?: unknown) {
    const request = new Request(`http://localhost${url}`);
    const { routerContext } = await import('./test-utils.tsx');
    const loaderData = await reservationsRoute.loader({
      request,
      context: routerContext(fake.service),
      params: {},
    } as never);
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        Component: Outlet,
        children: [{ id: 'page', path: 'reservations', Component: reservationsRoute.default }],
      },
    ]);
    document.body.innerHTML = renderToString(
      <I18nextProvider i18n={createI18n('en', MESSAGES.en)}>
        <Stub
          initialEntries={[url]}
          hydrationData={{
            loaderData: { root: { restaurant: FACTS }, page: loaderData },
            actionData: actionData ? { page: actionData } : undefined,
          }}
        />
      </I18nextProvider>,
    );
    return document.body;
  }

  it('the choice is a GET form the browser sends, with its language', async () => {
    const body = await serverRendered('/reservations?lng=en');
    const choice = body.querySelector('form[method="get"]')!;
    expect(choice.getAttribute('action')).toBe('/reservations');
    expect(
      [...choice.querySelectorAll('select, input')].map((field) => field.getAttribute('name')),
    ).toEqual(['lng', 'party', 'date']);
    expect(choice.querySelector<HTMLInputElement>('input[name="lng"]')!.value).toBe('en');
    expect(within(choice as HTMLElement).getByRole('button').textContent).toBe('Show the times');
    // Nothing chosen yet: no times, no booking form.
    expect(body.querySelector('form[method="post"]')).toBeNull();
  });

  it('its answer has the times filled by the server, in a POST form', async () => {
    const body = await serverRendered('/reservations?party=2&date=2026-12-05&lng=en');
    expect(fake.service.availability).toHaveBeenCalledWith('2026-12-05', 2);
    expect(body.querySelector<HTMLSelectElement>('select[name="party"]')!.value).toBe('2');
    expect(body.querySelector<HTMLSelectElement>('select[name="date"]')!.value).toBe('2026-12-05');
    const booking = body.querySelector<HTMLFormElement>('form[method="post"]')!;
    expect(booking.getAttribute('action')).toBe('/reservations?party=2&date=2026-12-05&lng=en');
    expect(booking.noValidate).toBe(false);
    expect(optionTexts(within(booking).getByRole('combobox', { name: 'Time' }))).toEqual([
      'Choose a time…',
      '19:30',
      '19:45 (full)',
      '20:00',
    ]);
    const hidden = [...booking.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (input) => `${input.name}=${input.value}`,
    );
    expect(hidden).toEqual(['party=2', 'date=2026-12-05', 'lang=en']);
    for (const name of ['name', 'email', 'phone', 'privacy']) {
      expect(booking.querySelector(`[name="${name}"]`)?.hasAttribute('required'), name).toBe(true);
    }
    expect(
      booking.querySelector('[name="website"]')?.closest('[aria-hidden="true"]'),
    ).not.toBeNull();
  });

  it('offers the areas by name where guests choose, and carries the choice to the times and the booking', async () => {
    fake.areas = [
      { id: 3, name: 'Terrace' },
      { id: 4, name: 'Dining room' },
    ];
    const body = await serverRendered('/reservations?party=2&date=2026-12-05&area=3&lng=en');
    expect(fake.service.areas).toHaveBeenCalledWith('en');
    expect(fake.service.availability).toHaveBeenCalledWith('2026-12-05', 2, 3);
    const choice = body.querySelector('form[method="get"]')!;
    expect(
      [...choice.querySelectorAll('select, input')].map((field) => field.getAttribute('name')),
    ).toEqual(['lng', 'party', 'date', 'area']);
    const area = within(choice as HTMLElement).getByRole('combobox', { name: 'Where' });
    expect(optionTexts(area)).toEqual(['Wherever there is room', 'Terrace', 'Dining room']);
    expect((area as HTMLSelectElement).value).toBe('3');
    const booking = body.querySelector<HTMLFormElement>('form[method="post"]')!;
    const hidden = [...booking.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map(
      (input) => `${input.name}=${input.value}`,
    );
    expect(hidden).toEqual(['party=2', 'date=2026-12-05', 'area=3', 'lang=en']);
  });

  it('an area in the address that is not offered is no choice', async () => {
    fake.areas = [{ id: 3, name: 'Terrace' }];
    const body = await serverRendered('/reservations?party=2&date=2026-12-05&area=9&lng=en');
    expect(fake.service.availability).toHaveBeenCalledWith('2026-12-05', 2);
    expect(body.querySelector<HTMLSelectElement>('select[name="area"]')!.value).toBe('');
  });

  it('a party too large for the site is asked to phone', async () => {
    const body = await serverRendered('/reservations?party=12&lng=en');
    expect(body.querySelector<HTMLSelectElement>('select[name="party"]')!.value).toBe('9');
    expect(body.textContent).toContain('groups of more than 8 people we take bookings by phone');
    expect(body.querySelector('select[name="date"]')).toBeNull();
    expect(fake.service.availability).not.toHaveBeenCalled();
  });

  it('a refused post comes back with what was typed, and the first error focused', async () => {
    const body = await serverRendered('/reservations?party=2&date=2026-12-05&lng=en', {
      outcome: { ok: false, code: 'invalid', fields: { phone: ['must be a phone number'] } },
      values: {
        party: '2',
        date: '2026-12-05',
        time: '20:00',
        name: 'Lena Schmidt',
        email: 'lena@example.de',
        phone: '12',
        notes: 'A high chair',
        privacy: true,
      },
    });
    const value = (name: string) => body.querySelector<HTMLInputElement>(`[name="${name}"]`)!.value;
    expect([value('time'), value('name'), value('email'), value('phone'), value('notes')]).toEqual([
      '20:00',
      'Lena Schmidt',
      'lena@example.de',
      '12',
      'A high chair',
    ]);
    expect(body.querySelector<HTMLInputElement>('[name="privacy"]')!.checked).toBe(true);
    const phone = body.querySelector('[name="phone"]')!;
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.hasAttribute('autofocus')).toBe(true);
    expect(body.querySelectorAll('[autofocus]')).toHaveLength(1);
    expect(body.textContent).toContain('Please enter a valid phone number (6 to 20 digits).');
  });
});
