import type { TableMetadata } from 'kysely';
import { CONTACT_MESSAGE_MAX } from '../../shared/schemas/contact.ts';
import { EVENT_REPLY_MAX } from '../../shared/schemas/events.ts';
import { PHOTO_ALT_MAX, PHOTO_MAX_BYTES, PHOTO_UPLOAD_TYPES } from '../../shared/schemas/photos.ts';
import { GUEST_NOTES_MAX } from '../../shared/schemas/guest.ts';
import { DamagedArchive } from './archive-file.ts';

/**
 * An import trusts nothing in the file (docs/security.md item 52): every value
 * is checked against its column before it is inserted. From the live schema:
 * its type (a whole number where the column is an integer, a finite number, a
 * text, bytes) and whether it may be null. From COLUMN_RULES: the values a
 * column may hold and its longest text. Beyond those, the database's own
 * constraints (the CHECKs of the migrations: roles, statuses, ranges) refuse
 * a row, and the import is refused with them (archive.ts).
 */

/** The longest text any column takes (mails' bodies are the longest the site writes). */
const TEXT_MAX = 1_000_000;

interface ColumnRule {
  oneOf?: readonly string[];
  maxLength?: number;
}

/**
 * Rules beyond the column's type, where the stored value is exactly what its
 * route accepted. A stored picture's type is served as its Content-Type: one
 * of the four image types the photo upload takes, never `text/html`.
 */
const COLUMN_RULES: Record<string, Record<string, ColumnRule>> = {
  image_files: { type: { oneOf: PHOTO_UPLOAD_TYPES }, bytes: { maxLength: PHOTO_MAX_BYTES } },
  photos: { alt: { maxLength: PHOTO_ALT_MAX } },
  contact_messages: { message: { maxLength: CONTACT_MESSAGE_MAX } },
  reservations: { notes: { maxLength: GUEST_NOTES_MAX } },
  event_messages: { text: { maxLength: EVENT_REPLY_MAX } },
};

type Kind = 'integer' | 'number' | 'text' | 'bytes' | 'boolean';

const KINDS: Record<string, Kind> = {
  integer: 'integer',
  int: 'integer',
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  bigint: 'integer',
  smallint: 'integer',
  real: 'number',
  float4: 'number',
  float8: 'number',
  'double precision': 'number',
  numeric: 'number',
  text: 'text',
  varchar: 'text',
  'character varying': 'text',
  blob: 'bytes',
  bytea: 'bytes',
  bool: 'boolean',
  boolean: 'boolean',
};

export interface RowChecker {
  /** The row as the database takes it, or DamagedArchive naming the table and column at fault. */
  (values: unknown[]): Record<string, unknown>;
}

/** A checker for the rows of `table` whose archived columns are `columns`. */
export function rowChecker(table: TableMetadata, columns: string[]): RowChecker {
  const checks = columns.map((name) => {
    const column = table.columns.find((candidate) => candidate.name === name)!;
    const kind = KINDS[column.dataType.toLowerCase()];
    if (kind === undefined) {
      throw new Error(`${table.name}.${name}: type ${column.dataType} has no rule for the import`);
    }
    // An auto-increment key may be null on SQLite's side; no archive row is.
    const nullable = column.isNullable && !column.isAutoIncrementing;
    return { name, kind, nullable, rule: COLUMN_RULES[table.name]?.[name] ?? {} };
  });

  return (values) => {
    if (values.length !== checks.length) throw new DamagedArchive('a row has the wrong length');
    const row: Record<string, unknown> = {};
    checks.forEach(({ name, kind, nullable, rule }, index) => {
      const at = `${table.name}.${name}`;
      const value = values[index];
      if (value === null) {
        if (!nullable) throw new DamagedArchive(`${at} is null, which its column refuses`);
        row[name] = null;
        return;
      }
      row[name] = checkedValue(at, kind, rule, value);
    });
    return row;
  };
}

function checkedValue(at: string, kind: Kind, rule: ColumnRule, value: unknown): unknown {
  const wrong = () => new DamagedArchive(`${at} holds a value that is not ${articled(kind)}`);
  switch (kind) {
    case 'integer':
      if (!Number.isSafeInteger(value)) throw wrong();
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw wrong();
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw wrong();
      return value;
    case 'text': {
      if (typeof value !== 'string') throw wrong();
      if (value.length > (rule.maxLength ?? TEXT_MAX)) {
        throw new DamagedArchive(`${at} holds a text longer than its column takes`);
      }
      if (rule.oneOf !== undefined && !rule.oneOf.includes(value)) {
        throw new DamagedArchive(`${at} holds a value its column does not take`);
      }
      return value;
    }
    case 'bytes': {
      if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1) {
        throw wrong();
      }
      const base64 = (value as { $base64?: unknown }).$base64;
      if (typeof base64 !== 'string') throw wrong();
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > (rule.maxLength ?? PHOTO_MAX_BYTES)) {
        throw new DamagedArchive(`${at} holds more bytes than its column takes`);
      }
      return bytes;
    }
  }
}

const articled = (kind: Kind) =>
  ({
    integer: 'a whole number',
    number: 'a number',
    text: 'a text',
    bytes: 'bytes',
    boolean: 'a boolean',
  })[kind];
