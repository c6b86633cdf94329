import { createHash } from 'node:crypto';

/*
 * A translation is stored against the hash of the Italian it translates: a
 * changed Italian makes it stale. Migration 008 computes the same by itself.
 */

/** Identifies the Italian text a translation belongs to (as stored: well-formed). */
export function sourceHash(italian: string): string {
  return createHash('sha256').update(italian.toWellFormed()).digest('hex');
}

/** The same for a record translated whole: all its fields' Italian, in the record's order. */
export function recordHash(italian: readonly string[]): string {
  const stored = italian.map((text) => text.toWellFormed());
  return createHash('sha256').update(JSON.stringify(stored)).digest('hex');
}
