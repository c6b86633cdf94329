import { linkSignature, sameSignature } from '../guests/guest-links.ts';

/**
 * The token of an order's status page: the order's id, signed with the key
 * of guest links (guests/guest-links.ts, one key every instance shares),
 * under a purpose of its own so that neither kind of token is ever read as
 * the other. Derived, never stored: the server recognises it without a
 * lookup table.
 *
 * Form: `<id>.<HMAC-SHA256, base64url>`.
 */
const TOKEN = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/;

const signature = (key: string, id: number) => linkSignature(key, 'takeaway-order-status', `${id}`);

export const orderStatusToken = (key: string, id: number): string => `${id}.${signature(key, id)}`;

/** The order id of a well-formed token signed with `key`, or null. */
export function readOrderStatusToken(key: string, token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  return sameSignature(signature(key, id), match[2]!) ? id : null;
}
