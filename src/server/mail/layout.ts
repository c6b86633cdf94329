/**
 * The mail module (src/server/mail/): every mail the server sends is made
 * and sent here.
 *
 * - message.ts: the mail as the outbox stores it (`OutgoingMail`, its
 *   calendar part) and the SECRET_LINK marker.
 * - layout.ts (this file): the one layout. A mail is a list of blocks
 *   (paragraphs, a link, a quoted message, a list of lines), rendered once
 *   to both the text and the HTML part; HTML escaping happens here only.
 * - texts.ts: the texts, from the locale files, by one i18next instance:
 *   a guest's mails in the guest's language
 *   (src/shared/locales/xx/reservation-mails.json), staff mails in Italian
 *   like every staff text (src/shared/locales/it/staff-mails.json).
 * - staff-mails.ts, reservation-mails.ts: the templates.
 * - outbox.ts, transports.ts: the only way out. A template's mail is stored
 *   by `enqueueMail` in the caller's transaction and sent by `OutboxWorker`
 *   through SMTP (nodemailer) or the log; nothing else sends mail.
 *
 * Adding a mail (takeaway, events…) is two steps: its texts in a locale
 * file (a new `xx/<feature>-mails.json` in every language for a guest's
 * mail, registered in texts.ts; a section of `it/staff-mails.json` for a
 * staff mail), and one template function that returns
 * `{ kind, to, subject, ...renderMail(blocks, options) }`.
 */

/** Text for an HTML body: staff- or visitor-typed text never becomes markup. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One block of a mail. Every string is plain text: the layout escapes it for HTML. */
export type Block =
  /** A paragraph. */
  | string
  /** A paragraph in bold: a notice's headline. */
  | { strong: string }
  /** Lines of one paragraph: a booking's details, a list of bookings. */
  | { lines: string[] }
  /** Someone's own words, line breaks kept, after an optional lead-in. */
  | { quote: string; lead?: string }
  /**
   * A link. With a lead, the text part gives the lead and the address on the
   * next line, the HTML part the lead and a link named `label`; without, the
   * text part reads "label: address".
   */
  | { link: string; label: string; lead?: string }
  /**
   * Buttons side by side after an optional lead (the reminder's "I'll be
   * there" and "Cancel"): the text part gives each as "label: address".
   */
  | { buttons: readonly { link: string; label: string }[]; lead?: string };

export interface MailLayout {
  /** The `lang` of the HTML part. */
  lang: string;
  /** The restaurant's name, last in both parts; notices to the restaurant itself go unsigned. */
  signature?: string;
  /** schema.org data for the HTML part's head (Gmail shows a booking as a card from it). */
  jsonLd?: object;
}

const PRE_WRAP = 'white-space:pre-wrap';
/** A link drawn as a button (mail clients keep inline styles only); the second one outlined. */
const BUTTON =
  'display:inline-block;margin:4px 8px 4px 0;padding:10px 20px;border-radius:6px;border:2px solid #0b5d7a;background:#0b5d7a;color:#ffffff;font-weight:bold;text-decoration:none';
const SECOND_BUTTON = `${BUTTON};background:#ffffff;color:#0b5d7a`;

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('strong' in block) return block.strong;
  if ('lines' in block) return block.lines.join('\n');
  if ('quote' in block) return block.lead ? `${block.lead}\n${block.quote}` : block.quote;
  if ('buttons' in block) {
    const buttons = block.buttons.map(({ label, link }) => `${label}: ${link}`);
    return [...(block.lead ? [block.lead] : []), ...buttons].join('\n');
  }
  return block.lead ? `${block.lead}\n${block.link}` : `${block.label}: ${block.link}`;
}

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  if ('strong' in block) return `<p><strong>${escapeHtml(block.strong)}</strong></p>`;
  if ('lines' in block)
    return `<p style="${PRE_WRAP}">${block.lines.map(escapeHtml).join('<br>')}</p>`;
  const lead = block.lead ? `${escapeHtml(block.lead)}<br>` : '';
  if ('quote' in block)
    return `<p>${lead}<span style="${PRE_WRAP}">${escapeHtml(block.quote)}</span></p>`;
  if ('buttons' in block) {
    const buttons = block.buttons.map(
      ({ label, link }, index) =>
        `<a href="${escapeHtml(link)}" style="${index === 0 ? BUTTON : SECOND_BUTTON}">${escapeHtml(label)}</a>`,
    );
    return `${block.lead ? `<p>${escapeHtml(block.lead)}</p>` : ''}<p>${buttons.join(' ')}</p>`;
  }
  return `<p>${lead}<a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a></p>`;
}

/** JSON for a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A mail's text and HTML parts from its blocks. A block given as false,
 * undefined or '' is left out, so that a template can list its optional
 * blocks as `condition && block`.
 */
export function renderMail(
  blocks: readonly (Block | false | undefined)[],
  { lang, signature, jsonLd }: MailLayout,
): { text: string; html: string } {
  const shown = blocks.filter((block): block is Block => Boolean(block));
  const head = jsonLd
    ? `<head><script type="application/ld+json">${scriptJson(jsonLd)}</script></head>`
    : '';
  const signed = signature
    ? `<p style="color:#4b5b63;font-size:13px">${escapeHtml(signature)}</p>`
    : '';
  return {
    text: [...shown.map(blockText), ...(signature ? [signature] : [])].join('\n\n'),
    html: `<!doctype html><html lang="${escapeHtml(lang)}">${head}<body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2a30">${shown.map(blockHtml).join('')}${signed}</body></html>`,
  };
}
