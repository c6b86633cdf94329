import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { REFUSAL_DETAILS } from '../../../shared/schemas/errors.ts';
import type { Table } from './snapshot.ts';

// What the oracle expects of an answer: a refusal in one of the API's three
// error shapes, or an acceptance with the only tables it may change.

type Shape = 'fields' | 'refusal' | 'message';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A refusal's `details`: only for a code that declares them, and as it declares them. */
function wellFormedDetails(error: Record<string, unknown>): boolean {
  if (Object.keys(error).sort().join() !== 'code,description,details') return false;
  const schema = (
    REFUSAL_DETAILS as Record<string, (typeof REFUSAL_DETAILS)[keyof typeof REFUSAL_DETAILS]>
  )[error.code as string];
  return schema !== undefined && schema.strict().safeParse(error.details).success;
}

/** Which of the three error shapes `body` is, or null for none. */
export function contractShape(body: unknown, status: number): Shape | null {
  if (!isRecord(body) || Object.keys(body).length !== 1) return null;
  if ('message' in body) {
    return typeof body.message === 'string' && body.message !== '' ? 'message' : null;
  }
  const { errors } = body;
  if (Array.isArray(errors)) {
    const wellFormed = errors.every(
      (error) =>
        isRecord(error) &&
        typeof error.code === 'string' &&
        typeof error.description === 'string' &&
        (Object.keys(error).sort().join() === 'code,description' || wellFormedDetails(error)),
    );
    return errors.length > 0 && wellFormed ? 'refusal' : null;
  }
  if (status === 400 && isRecord(errors)) {
    const lists = Object.values(errors);
    const wellFormed = lists.every(
      (list) =>
        Array.isArray(list) &&
        list.length > 0 &&
        list.every((item) => typeof item === 'string' && item !== ''),
    );
    return lists.length > 0 && wellFormed ? 'fields' : null;
  }
  return null;
}

interface ExpectedError {
  status?: number;
  shape?: Shape;
  /** For `fields`: a key that must be among the fields. */
  field?: string;
  /** For `refusal`: a code that must be among the errors. */
  code?: string;
}

/**
 * A refusal: a 4xx (or the 5xx expected), JSON, in one of the three shapes
 * (and the expected status, shape, field or code when given). A HEAD answer has no body.
 */
export function expectContractError(
  response: LightMyRequestResponse,
  expected: ExpectedError = {},
  label = '',
): void {
  const context = `${label}\n  → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
  // A 5xx only when expected: a 503 for a service the route needs that is unavailable.
  if (expected.status === undefined || expected.status < 500) {
    expect(response.statusCode, context).toBeLessThan(500);
  }
  if (expected.status !== undefined) expect(response.statusCode, context).toBe(expected.status);
  expect(response.headers['content-type'], context).toMatch(/^application\/json\b/);
  if (response.raw.req.method === 'HEAD') {
    expect(response.body, context).toBe('');
    return;
  }
  let body: unknown;
  expect(() => (body = JSON.parse(response.body)), context).not.toThrow();
  const shape = contractShape(body, response.statusCode);
  expect(shape, `not one of the API error shapes: ${context}`).not.toBeNull();
  if (expected.shape) expect(shape, context).toBe(expected.shape);
  if (expected.field) {
    // A nested value's error is named by its path (`prices.0.amount`).
    const fields = Object.keys((body as { errors: object }).errors);
    expect(
      fields.some((field) => field === expected.field || field.startsWith(`${expected.field}.`)),
      context,
    ).toBe(true);
  }
  if (expected.code) {
    const codes = (body as { errors: { code: string }[] }).errors.map((error) => error.code);
    expect(codes, context).toContain(expected.code);
  }
}

export type Expected =
  | { refused: ExpectedError & { status: number } }
  | {
      accepted: {
        status: number;
        /** The only tables the request may change. */
        mayWrite: Table[];
        /** Checks the answer and the stored effect. */
        verify: (response: LightMyRequestResponse) => void | Promise<void>;
      };
    };

export const refused = (
  status: number,
  shape: Shape,
  detail: Omit<ExpectedError, 'status' | 'shape'> = {},
) => ({ refused: { status, shape, ...detail } }) as const;

export const noWrites = (
  verify: (response: LightMyRequestResponse) => void = () => {},
): Expected => ({
  accepted: { status: 200, mayWrite: [], verify },
});
