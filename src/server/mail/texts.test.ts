import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages.ts';

// Every mail locale namespace (src/shared/locales/<lang>/*-mails.json) has
// the same keys in the five languages, each a text: a key missing in one
// language would send that guest i18next's bare key. Staff mails are
// Italian only, like every staff-facing text (texts.ts).
const LOCALES = resolve(import.meta.dirname, '../../shared/locales');
const STAFF_ONLY = ['staff-mails'];

const mailNamespaces = (lang: string) =>
  readdirSync(join(LOCALES, lang))
    .filter((file) => file.endsWith('-mails.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

/** Each key's path ("subject.declinedAll_one") and whether its value is a non-empty text. */
function keysOf(tree: unknown, prefix = ''): [string, boolean][] {
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? keysOf(value, `${prefix}${key}.`)
      : [
          [`${prefix}${key}`, typeof value === 'string' && value.trim() !== ''] as [
            string,
            boolean,
          ],
        ],
  );
}

const read = (lang: string, namespace: string) =>
  keysOf(JSON.parse(readFileSync(join(LOCALES, lang, `${namespace}.json`), 'utf8')));

describe('mail locale namespaces', () => {
  const guestNamespaces = mailNamespaces('it').filter((ns) => !STAFF_ONLY.includes(ns));

  it('are the same in every language; staff mails only in Italian', () => {
    expect(guestNamespaces.length).toBeGreaterThanOrEqual(3);
    for (const lang of LANGUAGES) {
      expect(mailNamespaces(lang), lang).toEqual(
        lang === 'it' ? [...guestNamespaces, ...STAFF_ONLY].sort() : guestNamespaces,
      );
    }
  });

  it.each(LANGUAGES.filter((lang) => lang !== 'it'))(
    'have the Italian keys in %s, each a text, and no other',
    (lang) => {
      for (const namespace of guestNamespaces) {
        const italian = read('it', namespace)
          .map(([key]) => key)
          .sort();
        const other = read(lang, namespace);
        expect(other.map(([key]) => key).sort(), `${lang}/${namespace}.json`).toEqual(italian);
        expect(
          other.filter(([, text]) => !text).map(([key]) => key),
          `${lang}/${namespace}.json: empty`,
        ).toEqual([]);
      }
    },
  );

  it('are texts in Italian too', () => {
    for (const namespace of [...guestNamespaces, ...STAFF_ONLY]) {
      expect(
        read('it', namespace)
          .filter(([, text]) => !text)
          .map(([key]) => key),
        namespace,
      ).toEqual([]);
    }
  });
});
