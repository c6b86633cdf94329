import { describe, expect, it } from 'vitest';
import type { ApiFailure } from './client.ts';
import { describeApiFailure, refusalCodes, refusalDetails, refusalsOf } from './errors.ts';

const http = (status: number, body: unknown): ApiFailure => ({
  kind: 'http',
  status,
  statusText: '',
  body,
});

describe('generic handler for failed API calls', () => {
  it('errors list: each description as a warning', () => {
    const outcome = describeApiFailure(
      http(409, {
        errors: [
          { code: 'email_taken', description: 'Email già registrata.' },
          { code: 'username_taken', description: 'Nome utente già in uso.' },
        ],
      }),
    );
    expect(outcome).toEqual({
      toasts: [
        { kind: 'warning', message: 'Email già registrata.' },
        { kind: 'warning', message: 'Nome utente già in uso.' },
      ],
      loginRequired: false,
    });
  });

  it('errors list: an item without description is "Errore sconosciuto"', () => {
    expect(describeApiFailure(http(400, { errors: [{ code: 'x' }, 'text', null] })).toasts).toEqual(
      [
        { kind: 'warning', message: 'Errore sconosciuto' },
        { kind: 'warning', message: 'Errore sconosciuto' },
        { kind: 'warning', message: 'Errore sconosciuto' },
      ],
    );
    expect(describeApiFailure(http(400, { errors: [] })).toasts).toEqual([
      { kind: 'warning', message: 'Errore sconosciuto' },
    ]);
  });

  it('a refused login (401 with an errors list) stays on the form', () => {
    const outcome = describeApiFailure(
      http(401, {
        errors: [{ code: 'invalid_credentials', description: 'Email o password non validi.' }],
      }),
    );
    expect(outcome).toEqual({
      toasts: [{ kind: 'warning', message: 'Email o password non validi.' }],
      loginRequired: false,
    });
  });

  it('errors object: the first message of each field as an error', () => {
    const outcome = describeApiFailure(
      http(400, {
        errors: {
          email: ['Email non valida.', 'second'],
          password: ['Password troppo corta.'],
        },
      }),
    );
    expect(outcome).toEqual({
      toasts: [
        { kind: 'error', message: 'Email non valida.' },
        { kind: 'error', message: 'Password troppo corta.' },
      ],
      loginRequired: false,
    });
  });

  it('errors object: a field without messages is "Errore sconosciuto"', () => {
    expect(describeApiFailure(http(400, { errors: { email: [], name: 3 } })).toasts).toEqual([
      { kind: 'error', message: 'Errore sconosciuto' },
      { kind: 'error', message: 'Errore sconosciuto' },
    ]);
    expect(describeApiFailure(http(400, { errors: {} })).toasts).toEqual([
      { kind: 'error', message: 'Errore sconosciuto' },
    ]);
  });

  it('otherwise a message field as an error', () => {
    expect(describeApiFailure(http(500, { message: 'Internal Server Error' }))).toEqual({
      toasts: [{ kind: 'error', message: 'Internal Server Error' }],
      loginRequired: false,
    });
  });

  it('401 without a payload: warning "Effettua il login" and go to /login', () => {
    expect(describeApiFailure(http(401, null))).toEqual({
      toasts: [{ kind: 'warning', message: 'Effettua il login' }],
      loginRequired: true,
    });
  });

  it('401 with a message (expired session): the message, then "Effettua il login" and /login', () => {
    expect(describeApiFailure(http(401, { message: 'Sessione scaduta.' }))).toEqual({
      toasts: [
        { kind: 'error', message: 'Sessione scaduta.' },
        { kind: 'warning', message: 'Effettua il login' },
      ],
      loginRequired: true,
    });
  });

  it('any other case: warning "Si è verificato un errore."', () => {
    for (const body of [null, '', '<html>Bad gateway</html>', { other: true }, { message: '' }]) {
      expect(describeApiFailure(http(502, body))).toEqual({
        toasts: [{ kind: 'warning', message: 'Si è verificato un errore.' }],
        loginRequired: false,
      });
    }
  });

  it('a non-HTTP error: "Errore sconosciuto."', () => {
    expect(
      describeApiFailure({ kind: 'network', error: new TypeError('Failed to fetch') }),
    ).toEqual({
      toasts: [{ kind: 'error', message: 'Errore sconosciuto.' }],
      loginRequired: false,
    });
  });
});

describe('refusal codes', () => {
  it('reads each code in kebab-case, the old snake_case spelling too', () => {
    const failure = http(409, {
      errors: [
        { code: 'invalid_invitation', description: 'Link non valido.' },
        { code: 'email-taken', description: 'Email già registrata.' },
        { description: 'senza codice' },
        'text',
      ],
    });
    expect(refusalCodes(failure)).toEqual(['invalid-invitation', 'email-taken']);
  });

  it('finds none in field errors, a message or no answer at all', () => {
    expect(refusalCodes(http(400, { errors: { email: ['Email non valida.'] } }))).toEqual([]);
    expect(refusalCodes(http(404, { message: 'Non trovato.' }))).toEqual([]);
    expect(refusalCodes({ kind: 'network', error: new Error('offline') })).toEqual([]);
  });
});

describe("a refusal's details", () => {
  const [unavailable, full, fullWithout, fullOdd] = refusalsOf(
    http(409, {
      errors: [
        // The descriptions name nothing: what is read is `details`.
        {
          code: 'item-unavailable',
          description: 'Sold out.',
          details: { unavailableIds: [13, 22] },
        },
        { code: 'slot-full', description: 'Full.', details: { nextTime: '20:15' } },
        { code: 'slot-full', description: 'Full at 20:15.' },
        { code: 'slot-full', description: 'Full.', details: { nextTime: 2015 } },
      ],
    }),
  );

  it("reads each code's details as REFUSAL_DETAILS declares them", () => {
    expect(refusalDetails(unavailable, 'item-unavailable')).toEqual({ unavailableIds: [13, 22] });
    expect(refusalDetails(full, 'slot-full')).toEqual({ nextTime: '20:15' });
  });

  it('gives null for another code, no details, details of another shape, or no refusal', () => {
    expect(refusalDetails(full, 'item-unavailable')).toBeNull();
    // Never read from the description, even when it names a time.
    expect(refusalDetails(fullWithout, 'slot-full')).toBeNull();
    expect(refusalDetails(fullOdd, 'slot-full')).toBeNull();
    expect(refusalDetails(undefined, 'slot-full')).toBeNull();
  });
});
