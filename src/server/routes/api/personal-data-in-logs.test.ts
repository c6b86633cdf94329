import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStaff, testApp } from '../../testing/app.ts';

// docs/security.md item 43: the log names errors by their code and mails by their
// id and kind, never what a person wrote. The app's real log output (its pino
// stream) is read, the SMTP_URL unset so that mails are "sent" to the log.
let harness: Awaited<ReturnType<typeof testApp>>;
let logged: string[];
const logStream = { write: (line: string) => void logged.push(line) };
/** Tuesday 13 January 2026, 10:00 in Rome: the booking below is for the next evening. */
const now = () => Date.parse('2026-01-13T09:00:00Z');

beforeEach(async () => {
  logged = [];
  harness = await testApp(
    { CONTACT_EMAIL: 'staff@trattoria.example' },
    { pages: false, logStream, now },
  );
});
afterEach(() => harness.close());

const settled = async () =>
  (await harness.app.db.selectFrom('outbox').select('status').execute()).every(
    (row) => row.status === 'sent',
  );

/** Everything logged so far, as one text, once the outbox has sent what it holds. */
async function log(): Promise<string> {
  harness.app.outbox.kick();
  await expect.poll(settled).toBe(true);
  return logged.join('');
}

describe('personal data in the log', () => {
  it('a malformed JSON login body is logged by its error code, without the password', async () => {
    const password = 'Segreto-Marittimo-77';
    await createStaff(harness.app);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      // Cut short: the parser's message quotes the text around where it stopped.
      payload: `{"email":"anna@trattoria.example","password":"${password}"`,
    });
    expect(response.statusCode).toBe(400);
    const text = await log();
    expect(text).toContain('FST_ERR_CTP_INVALID_JSON_BODY');
    expect(text).not.toContain(password);
    expect(text).not.toContain('anna@trattoria.example');
  });

  it('a contact message, mailed without SMTP_URL, is logged by id and kind only', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        firstName: 'Giulia',
        lastName: 'Verdiana',
        email: 'giulia.verdiana@example.com',
        message: 'Festeggio il compleanno di mia figlia Marta sabato sera',
        privacy: true,
        lang: 'it',
      },
      remoteAddress: '10.43.0.1',
    });
    expect(response.statusCode).toBe(202);
    const text = await log();
    expect(text).toContain('"kind":"contact"');
    for (const personal of ['giulia.verdiana@example.com', 'Verdiana', 'Marta', 'compleanno']) {
      expect(text).not.toContain(personal);
    }
  });

  it('a booking, mailed without SMTP_URL to the guest and the restaurant, is logged by id and kind only', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/reservations',
      payload: {
        name: 'Jonas Weberling',
        email: 'jonas.weberling@example.de',
        phone: '+49 170 1234567',
        party: 2,
        date: '2026-01-14',
        time: '20:00',
        notes: 'Ein Kinderstuhl, bitte',
        privacy: true,
        lang: 'de',
      },
      remoteAddress: '10.43.0.2',
    });
    expect(response.statusCode, response.body).toBe(201);
    const text = await log();
    expect(text).toContain('"kind":"reservation-');
    for (const personal of [
      'jonas.weberling@example.de',
      'Weberling',
      '+49 170 1234567',
      '1234567',
      'Kinderstuhl',
    ]) {
      expect(text).not.toContain(personal);
    }
  });
});
