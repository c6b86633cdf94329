import type { OutgoingMail } from './outbox.ts';

/**
 * Where a mail's secret link goes in its bodies. The link itself is stored
 * apart and put in only for the send (outbox.ts); once the mail is sent, or
 * the link has expired unsent, it is deleted: no row keeps a usable token
 * (SECURITY.md item 34).
 */
export const SECRET_LINK = '{{secret-link}}';

/** Text for an HTML body: staff- or visitor-typed text never becomes markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Paragraphs, signed with the restaurant's name. */
function layout(restaurant: string, paragraphs: string[]): string {
  return `<!doctype html><html lang="it"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2a30">${paragraphs
    .map((p) => `<p>${p}</p>`)
    .join('')}<p style="color:#4b5b63;font-size:13px">${escapeHtml(restaurant)}</p></body></html>`;
}

/** A mail's secret link: its bodies name it only as SECRET_LINK (see outbox.ts). */
interface SecretLink {
  url: string;
  expiresAt: string;
}

/*
 * Staff mails are Italian, like every staff-facing text. `restaurant` is the
 * restaurant's name as the owner set it (restaurantName in the mail's
 * transaction): subjects and signatures carry it.
 */

export function passwordResetMail(
  restaurant: string,
  to: string,
  firstName: string,
  link: SecretLink,
): OutgoingMail {
  return {
    kind: 'password-reset',
    to,
    secretLink: link,
    subject: `${restaurant}: reimposta la tua password`,
    text: [
      `Ciao ${firstName},`,
      'abbiamo ricevuto una richiesta per reimpostare la password del tuo account.',
      `Apri questo link entro un'ora per sceglierne una nuova:\n${SECRET_LINK}`,
      'Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.',
    ].join('\n\n'),
    html: layout(restaurant, [
      `Ciao ${escapeHtml(firstName)},`,
      'abbiamo ricevuto una richiesta per reimpostare la password del tuo account.',
      `<a href="${SECRET_LINK}">Scegli una nuova password</a> (il link vale un'ora).`,
      'Se non sei stato tu, ignora questa e-mail: la tua password resta invariata.',
    ]),
  };
}

/** Tell the owner of the account that its password changed. */
export function passwordChangedMail(
  restaurant: string,
  to: string,
  firstName: string,
): OutgoingMail {
  return {
    kind: 'password-changed',
    to,
    subject: `${restaurant}: la tua password è stata cambiata`,
    text: [
      `Ciao ${firstName},`,
      'la password del tuo account è stata appena reimpostata e tutte le sessioni aperte sono state chiuse.',
      'Se non sei stato tu, contatta subito il responsabile del sito.',
    ].join('\n\n'),
    html: layout(restaurant, [
      `Ciao ${escapeHtml(firstName)},`,
      'la password del tuo account è stata appena reimpostata e tutte le sessioni aperte sono state chiuse.',
      'Se non sei stato tu, contatta subito il responsabile del sito.',
    ]),
  };
}

/** A colleague invited by an owner chooses their own password through the link. */
export function invitationMail(
  restaurant: string,
  to: string,
  firstName: string,
  invitedBy: string,
  link: SecretLink,
): OutgoingMail {
  return {
    kind: 'staff-invitation',
    to,
    secretLink: link,
    subject: `${restaurant}: sei stato invitato nello staff`,
    text: [
      `Ciao ${firstName},`,
      `${invitedBy} ti ha invitato a gestire il sito di ${restaurant}.`,
      `Apri questo link entro 7 giorni per scegliere la tua password e attivare l'account:\n${SECRET_LINK}`,
      'Se non ti aspettavi questo invito, ignora questa e-mail.',
    ].join('\n\n'),
    html: layout(restaurant, [
      `Ciao ${escapeHtml(firstName)},`,
      `${escapeHtml(invitedBy)} ti ha invitato a gestire il sito di ${escapeHtml(restaurant)}.`,
      `<a href="${SECRET_LINK}">Scegli la tua password</a> (il link vale 7 giorni).`,
      'Se non ti aspettavi questo invito, ignora questa e-mail.',
    ]),
  };
}

/** Every owner hears of every new account, however it was made. */
export function newAccountNoticeMail(
  restaurant: string,
  to: string,
  firstName: string,
  account: { email: string; fullName: string; roleLabel: string; how: string },
): OutgoingMail {
  const line = `È stato creato un nuovo account ${account.how}: ${account.fullName} <${account.email}>, ruolo ${account.roleLabel}.`;
  return {
    kind: 'staff-new-account',
    to,
    subject: `${restaurant}: nuovo account dello staff`,
    text: [
      `Ciao ${firstName},`,
      line,
      'Se non lo riconosci, rimuovilo dalla pagina Colleghi del pannello.',
    ].join('\n\n'),
    html: layout(restaurant, [
      `Ciao ${escapeHtml(firstName)},`,
      escapeHtml(line),
      'Se non lo riconosci, rimuovilo dalla pagina Colleghi del pannello.',
    ]),
  };
}

/**
 * Many failed logins on one account from many addresses within an hour: no
 * per-address lock stops a campaign spread like that, so people are told.
 */
export function loginAlertMail(
  restaurant: string,
  to: string,
  account: string,
  failures: number,
): OutgoingMail {
  const line = `Nell'ultima ora ci sono stati almeno ${failures} tentativi di accesso falliti all'account ${account}, da indirizzi diversi.`;
  const advice =
    "L'account non è bloccato per chi conosce la password. Se la password è debole o usata altrove, cambiala dalla pagina «Il mio account» del pannello.";
  return {
    kind: 'login-alert',
    to,
    subject: `${restaurant}: tentativi di accesso sospetti`,
    text: ['Ciao,', line, advice].join('\n\n'),
    html: layout(restaurant, ['Ciao,', escapeHtml(line), escapeHtml(advice)]),
  };
}
