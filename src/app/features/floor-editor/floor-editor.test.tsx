// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FloorPlan, FloorPlanBody } from '../../../shared/schemas/floor.ts';
import { toasts } from '../../components/toasts-capture.tsx';
import {
  fakeServer,
  renderStaffRoutes,
  routeModule,
  startSession,
  type FakeRoute,
} from '../../staff/test-utils.tsx';
import * as floorRoute from '../../routes/staff/floor.tsx';

vi.mock('../../components/toasts.tsx', () => import('../../components/toasts-capture.tsx'));

const OWNER = {
  email: 'rosa@example.test',
  firstName: 'Rosa',
  lastName: 'Amato',
  role: 'owner' as const,
};
const table = (id: number, name: string, x: number, y: number) => ({
  id,
  name,
  areaId: 1,
  minSeats: 2,
  maxSeats: 4,
  onlineBookable: true,
  priority: 5,
  shape: 'square' as const,
  x,
  y,
  w: 10,
  h: 10,
});

let plan: FloorPlan;
let routes: Record<string, FakeRoute>;
const { bodies, calls } = fakeServer(() => routes);

/** The server's answer to a PUT: the body with real ids for the placeholders. */
function stored(body: FloorPlanBody): FloorPlan {
  const real = new Map<number, number>();
  let next = 100;
  const idOf = (id: number | undefined) => {
    if (id !== undefined && id > 0) return id;
    next += 1;
    if (id !== undefined) real.set(id, next);
    return next;
  };
  const areas = body.areas.map((area) => ({ ...area, id: idOf(area.id) }));
  const tables = body.tables.map((entry) => ({ ...entry, id: idOf(entry.id) }));
  const swap = (id: number) => (id > 0 ? id : real.get(id)!);
  return {
    areas,
    tables: tables.map((entry) => ({ ...entry, areaId: swap(entry.areaId) })),
    combinations: body.combinations.map((c) => ({
      ...c,
      id: idOf(c.id),
      tableIds: c.tableIds.map(swap),
    })),
  };
}

beforeEach(() => {
  localStorage.clear();
  startSession(OWNER);
  toasts.length = 0;
  plan = {
    areas: [{ id: 1, name: 'Sala', onlineBookable: true }],
    tables: [table(11, 'T1', 0, 0), table(12, 'T2', 20, 0)],
    combinations: [],
  };
  routes = {
    'GET /api/floor': () => Response.json(plan),
    'PUT /api/floor': (init) => {
      plan = stored(JSON.parse(String(init?.body)) as FloorPlanBody);
      return Response.json(plan);
    },
  };
});

function renderFloor() {
  renderStaffRoutes('/dashboard/floor', [routeModule(floorRoute, { path: '/dashboard/floor' })]);
}
const tableButton = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^Tavolo ${name},`) });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salva la pianta' }));

describe('the plan', () => {
  it('only the owner edits it: other staff are told so, and nothing is asked', async () => {
    startSession({ ...OWNER, role: 'staff' });
    renderFloor();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Solo il titolare può modificare la pianta della sala.',
    );
    expect(calls('GET /api/floor')).toEqual([]);
  });

  it('draws each table with its name, seats and place, the chosen one said in words', async () => {
    renderFloor();
    const first = await tableButton('T1');
    expect(first.getAttribute('aria-label')).toBe(
      'Tavolo T1, da 2 a 4 posti, posizione 0, 0, misura 10 × 10',
    );
    expect(within(first).getByText('2-4')).toBeTruthy();
    fireEvent.click(first);
    expect((await tableButton('T1')).getAttribute('aria-label')).toMatch(/, scelto$/);
    expect((await tableButton('T1')).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('group', { name: 'Tavolo T1' })).toBeTruthy();
  });
});

describe('the keyboard', () => {
  it('Enter chooses a table; arrows move it by 1, shift with arrows resizes it; each step is said', async () => {
    renderFloor();
    const first = await tableButton('T1');
    first.focus();
    fireEvent.keyDown(first, { key: 'Enter' });
    expect(screen.getByText('Scelto il tavolo T1.')).toBeTruthy();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(screen.getByText('T1: posizione 2, 1.')).toBeTruthy();
    fireEvent.keyDown(first, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(first, { key: 'ArrowUp', shiftKey: true });
    expect(screen.getByText('T1: misura 11 × 9.')).toBeTruthy();
    // Off the plan's edge it stops.
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(screen.getByText('T1: posizione 2, 0.')).toBeTruthy();
    expect((screen.getByLabelText('Da sinistra') as HTMLInputElement).value).toBe('2');
    // The same by the panel's buttons.
    fireEvent.click(screen.getByRole('button', { name: 'Sposta T1 a destra' }));
    expect(screen.getByText('T1: posizione 3, 0.')).toBeTruthy();

    save();
    await waitFor(() => expect(bodies('PUT /api/floor')).toHaveLength(1));
    expect(bodies('PUT /api/floor')[0]!.tables).toEqual([
      { ...table(11, 'T1', 3, 0), w: 11, h: 9 },
      table(12, 'T2', 20, 0),
    ]);
  });
});

describe('saving', () => {
  it('a new area with a new table, a duplicate and a combination: placeholders in the body, real ids after', async () => {
    renderFloor();
    await tableButton('T1');
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi area' }));
    fireEvent.change(screen.getByLabelText("Nome dell'area"), { target: { value: 'Terrazza' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Prenotabile online' }));
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi tavolo' }));
    expect(screen.getByText('Aggiunto il tavolo T3.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Posti massimi'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Forma'), { target: { value: 'round' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplica T3' }));
    const picks = screen.getByRole('group', { name: 'Scegli i tavoli da unire (da 2 a 8)' });
    fireEvent.click(within(picks).getByRole('checkbox', { name: 'T3' }));
    fireEvent.click(within(picks).getByRole('checkbox', { name: 'T4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Crea combinazione' }));
    expect(screen.getByRole('group', { name: /^Combinazione T3\+T4/ })).toBeTruthy();

    save();
    await waitFor(() =>
      expect(toasts).toContainEqual([
        'success',
        'Pianta salvata: le prenotazioni usano già questi tavoli.',
      ]),
    );
    const [body] = bodies('PUT /api/floor') as unknown as FloorPlanBody[];
    expect(body!.areas).toEqual([
      { id: 1, name: 'Sala', onlineBookable: true },
      { id: -1, name: 'Terrazza', onlineBookable: false },
    ]);
    expect(body!.tables.slice(2)).toMatchObject([
      { id: -2, name: 'T3', areaId: -1, maxSeats: 6, shape: 'round', x: 2, y: 2 },
      { id: -3, name: 'T4', areaId: -1, maxSeats: 6, shape: 'round', x: 14, y: 2 },
    ]);
    expect(body!.combinations).toEqual([
      {
        id: -4,
        name: 'T3+T4',
        tableIds: [-2, -3],
        minSeats: 7,
        maxSeats: 12,
        onlineBookable: true,
      },
    ]);
    // The answer's real ids: the same area and table stay shown, nothing left unsaved.
    await waitFor(() => expect(screen.queryByText('Modifiche non salvate.')).toBeNull());
    expect(screen.getByRole('button', { name: /^Terrazza/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect((await tableButton('T4')).getAttribute('aria-pressed')).toBe('true');
  });

  it('what the server would refuse is said before sending', async () => {
    renderFloor();
    fireEvent.click(await tableButton('T2'));
    fireEvent.change(screen.getByLabelText('Nome del tavolo'), { target: { value: 'T1' } });
    fireEvent.change(screen.getByLabelText('Posti minimi'), { target: { value: '9' } });
    save();
    const problems = await screen.findByText('Correggi prima questi punti:');
    expect(problems.parentElement!.textContent).toContain('T1: Posti minimi: non più dei massimi.');
    expect(problems.parentElement!.textContent).toContain('«T1» è il nome di due tavoli');
    expect(calls('PUT /api/floor')).toEqual([]);
  });

  it('409 table-in-use: the bookings named, the edits kept while the newer plan shows up', async () => {
    routes['PUT /api/floor'] = () => {
      // Meanwhile a colleague renamed the area.
      plan = { ...plan, areas: [{ id: 1, name: 'Sala grande', onlineBookable: true }] };
      return Response.json(
        {
          errors: [
            {
              code: 'table-in-use',
              description:
                'Un tavolo o una combinazione da togliere è usato da prenotazioni ancora da servire (prenotazioni 41, 42).',
            },
          ],
        },
        { status: 409 },
      );
    };
    renderFloor();
    fireEvent.click(await tableButton('T2'));
    fireEvent.click(screen.getByRole('button', { name: 'Togli T2' }));
    expect(screen.getByText('Tolto il tavolo T2.')).toBeTruthy();
    save();
    const refused = await screen.findByText('La pianta non è stata salvata:');
    expect(refused.parentElement!.textContent).toContain(
      'Un tavolo o una combinazione da togliere è usato da prenotazioni ancora da servire (prenotazioni 41, 42).',
    );
    await screen.findByText(/Qualcuno ha salvato la pianta nel frattempo/);
    expect(calls('GET /api/floor')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Tavolo T2,/ })).toBeNull();
    expect(screen.getByText('Modifiche non salvate.')).toBeTruthy();
    expect(toasts).toEqual([]);

    // The owner gives up the edits: the newer plan shows, T2 back.
    fireEvent.click(screen.getByRole('button', { name: 'Annulla le modifiche' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sì, torna alla pianta salvata' }));
    expect(await tableButton('T2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sala grande' })).toBeTruthy();
    expect(screen.queryByText('Modifiche non salvate.')).toBeNull();
    expect(screen.queryByText(/Qualcuno ha salvato la pianta/)).toBeNull();
  });

  it("409 name-taken and a 400's issues are listed in the form", async () => {
    let answer = Response.json(
      { errors: [{ code: 'name-taken', description: '' }] },
      { status: 409 },
    );
    routes['PUT /api/floor'] = () => answer;
    renderFloor();
    fireEvent.click(await tableButton('T1'));
    fireEvent.keyDown(await tableButton('T1'), { key: 'ArrowRight' });
    save();
    const refused = await screen.findByText('La pianta non è stata salvata:');
    expect(refused.parentElement!.textContent).toContain(
      'Un nome è già usato: aree, tavoli e combinazioni hanno ciascuno il proprio.',
    );
    // The section loads again after a 409 (useSave's reloadOn): the button is back once it has.
    await waitFor(() => expect(calls('GET /api/floor')).toHaveLength(2));
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Salva la pianta' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    answer = Response.json({ errors: { tables: ['Al massimo 200 tavoli.'] } }, { status: 400 });
    save();
    const problems = await screen.findByText('Correggi prima questi punti:');
    expect(problems.parentElement!.textContent).toContain('Al massimo 200 tavoli.');
    expect(screen.queryByText('La pianta non è stata salvata:')).toBeNull();
  });
});
