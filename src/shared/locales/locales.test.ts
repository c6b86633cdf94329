import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import { MESSAGES, NAMESPACES } from './index.ts';

/** Every key path of a nested message object, with its string value. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    for (const [path, text] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
      out.set(path, text);
    }
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each(NAMESPACES)('locale namespace %s', (namespace) => {
  const reference = flatten(MESSAGES.it[namespace]);

  it.each(LANGUAGES)('%s has exactly the Italian keys, none empty, same placeholders', (lang) => {
    const messages = flatten(MESSAGES[lang][namespace]);
    expect([...messages.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of messages) {
      expect(text.trim(), `${lang}:${namespace}:${key}`).not.toBe('');
      expect(variables(text), `${lang}:${namespace}:${key}`).toEqual(
        variables(reference.get(key) ?? ''),
      );
    }
  });
});

describe('English texts of the 404 and error pages, word for word', () => {
  it('has the 404 page texts', () => {
    expect(MESSAGES.en.common.notFound).toEqual({
      title: 'Page not found',
      body: "Sorry, we couldn't find the page you're looking for.",
      home: 'Go back home',
      contact: 'Contact support',
    });
  });
  it('has the router error titles', () => {
    const { errors } = MESSAGES.en.common;
    expect([errors['400'], errors['403'], errors['404'], errors['405']]).toEqual([
      'Bad Request',
      'Forbidden',
      'Not Found',
      'Method Not Allowed',
    ]);
  });
});
