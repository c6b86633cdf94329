import { restaurant } from '../../../content/restaurant.ts';
import type { OutgoingMail } from './outbox.ts';

/** Text for an HTML body: staff- or visitor-typed text never becomes markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function layout(paragraphs: string[]): string {
  return `<!doctype html><html lang="it"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2a30">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join(
      '',
    )}<p style="color:#4b5b63;font-size:13px">${escapeHtml(restaurant.name)}</p></body></html>`;
}

/** Staff mails are Italian, like every staff-facing text. */
export function passwordResetMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    kind: 'password-reset',
    to,
    subject: `${restaurant.name}: reimposta la tua password`,
    text: [
      `Ciao ${firstName},`,
      'abbiamo ricevuto una richiesta per reimpostare la password del tuo account.',
      `Apri questo link entro un'ora per sceglierne una nuova:\n${link}`,
      'Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.',
    ].join('\n\n'),
    html: layout([
      `Ciao ${escapeHtml(firstName)},`,
      'abbiamo ricevuto una richiesta per reimpostare la password del tuo account.',
      `<a href="${escapeHtml(link)}">Scegli una nuova password</a> (il link vale un'ora).`,
      'Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.',
    ]),
  };
}

/** Tell the owner of the account that its password changed. */
export function passwordChangedMail(to: string, firstName: string): OutgoingMail {
  return {
    kind: 'password-changed',
    to,
    subject: `${restaurant.name}: la tua password è stata cambiata`,
    text: [
      `Ciao ${firstName},`,
      'la password del tuo account è stata appena reimpostata e tutte le sessioni aperte sono state chiuse.',
      'Se non sei stato tu, contatta subito il responsabile del sito.',
    ].join('\n\n'),
    html: layout([
      `Ciao ${escapeHtml(firstName)},`,
      'la password del tuo account è stata appena reimpostata e tutte le sessioni aperte sono state chiuse.',
      'Se non sei stato tu, contatta subito il responsabile del sito.',
    ]),
  };
}
