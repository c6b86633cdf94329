import fc from 'fast-check';

// Strings: the texts the generators put in fields (any text, names, e-mails,
// passwords, phone numbers, times of day).

/**
 * A one-line name (a contact's, a colleague's, a guest's): the schemas write
 * it as a literal (contact.ts, auth.ts `personName`, reservations.ts), so
 * there is no constant to import.
 */
export const NAME_MAX = 100;
/** Passwords on the common-password list that satisfy the length rule. */
const COMMON_PASSWORDS = ['qwerty123456', '1q2w3e4r5t6y', '123qweasdzxc', 'QAZWSXEDCRFV'];

/** Characters that break naive code: controls, bidi, zero-width, BOM, lone surrogates, quotes. */
const NASTY = [
  '\u0000',
  '\n',
  '\r\n',
  '\t',
  '\u0085',
  '\u2028',
  '\u202e',
  '\u200b',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀',
  '👩‍👩‍👧',
  'e\u0301',
  'ß',
  '中文',
  '"',
  '\\',
  "'",
  '<img src=x onerror=alert(1)>',
  '${x}',
  '%00',
  '%s',
  '\u001b[31m',
  "'); DROP TABLE staff_users;--",
];

/**
 * Keeps at most `max` characters. Lengths here are code points, as zod counts
 * them (and people do): "2,000 characters" of emoji are 4,000 UTF-16 units.
 */
const clip = (text: string, max: number) => [...text].slice(0, max).join('');

/** Any text up to `max` characters: random code points, graphemes, nasty pieces, sometimes long. */
export const anyText = (max: number) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
      { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...NASTY), maxLength: 20 }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }), fc.nat(max))
          .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length))),
      },
    )
    .map((text) => clip(text, max));

/** Text whose trimmed form is 1 to `max` characters: it starts and ends with a letter. */
export const trimmedText = (max: number) => anyText(max - 2).map((middle) => `a${middle}z`);

/** Longer than `max` characters even after trimming. */
export const tooLongText = (max: number) =>
  fc
    .tuple(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
      fc.integer({ min: max + 1, max: max * 3 }),
    )
    .map(([piece, length]) => `x${piece.repeat(Math.ceil(length / [...piece].length))}x`);

/** What a one-line name may not hold: controls, line separators, bidi controls. */
export const withoutControls = (text: string) =>
  text.replace(/[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu, '');

/** The well-formed text a stored string reads back as (SQLite keeps UTF-8). */
export const stored = (text: string) => text.toWellFormed();

export const simpleEmail = (domain: string) =>
  fc
    .tuple(fc.stringMatching(/^[a-z0-9]{1,20}$/), fc.constantFrom('', ' ', '  '))
    .map(([local, pad]) => `${pad}${local}@${domain}${pad}`);

export const invalidEmails = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'not-an-email',
    'a@',
    '@b.it',
    'a@@b.it',
    'a b@c.it',
    'ü@b.it',
    'a@b',
    'a@b.it\r\nBcc: victim@example.com',
    `${'x'.repeat(250)}@b.it`,
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).filter((text) => !text.includes('@')),
);

/** A name as a visitor types it: no control characters once trimmed (names reach mail headers). */
export const personName = fc
  .tuple(trimmedText(NAME_MAX), fc.constantFrom('', ' ', '\t'))
  .map(([name, pad]) => `${pad}${withoutControls(name)}${pad}`);

export const loginPassword = anyText(1024).filter((password) => password.length > 0);

/** 12 to 128 characters (code points: 128 emoji are fine), sometimes a common one. */
export const newPassword = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'binary', minLength: 12, maxLength: 128 }) },
  { weight: 1, arbitrary: fc.constant('😀'.repeat(128)) },
  { weight: 1, arbitrary: fc.constantFrom(...COMMON_PASSWORDS) },
);
export const badNewPassword = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 11 }),
  fc.string({ unit: 'binary', minLength: 129, maxLength: 300 }),
  fc.constant('😀'.repeat(129)),
);
export const isCommon = (password: string) =>
  COMMON_PASSWORDS.some((common) => common.toLowerCase() === password.toLowerCase());

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t', '\n '), text, fc.constantFrom('', ' ', '\r\n'))
    .map(([before, middle, after]) => `${before}${middle}${after}`);

export const phoneNumbers = fc
  .tuple(
    fc.stringMatching(/^[0-9]{8,15}$/),
    fc.uniqueArray(fc.integer({ min: 1, max: 14 }), { maxLength: 4 }),
  )
  .map(([digits, cuts]) => {
    const groups = [];
    let start = 0;
    for (const cut of cuts.filter((at) => at < digits.length).sort((a, b) => a - b)) {
      groups.push(digits.slice(start, cut));
      start = cut;
    }
    groups.push(digits.slice(start));
    return `+${groups.join(' ')}`;
  });
