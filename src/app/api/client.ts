/**
 * The staff pages' HTTP client for the product API (base path /api).
 * Expected failures are values, not exceptions: an answer outside 2xx is an
 * `http` failure with its parsed body, a request that never got an answer is
 * a `network` failure. No timeout.
 */

export type ApiFailure =
  | { kind: 'http'; status: number; statusText: string; body: unknown }
  | { kind: 'network'; error: unknown };

export type ApiResult<T> =
  | {
      ok: true;
      status: number;
      statusText: string;
      data: T;
      /** The answer's `ETag`, when it has one (to ask again with `ifNoneMatch`). */
      etag?: string;
    }
  | { ok: false; failure: ApiFailure };

export interface ApiRequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead, announced with its own type (a photo's bytes). */
  file?: Blob;
  /** Sent as `Authorization: Bearer …`. */
  token?: string | null;
  /**
   * Sent as `If-None-Match`: the ETag of the answer already on screen. The
   * server then answers 304 (an `http` failure of that status) while it holds.
   */
  ifNoneMatch?: string;
  signal?: AbortSignal;
}

const API_BASE = '/api';

export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  { body, file, token, ifNoneMatch, signal }: ApiRequestOptions = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Only with a body: Fastify refuses an empty body announced as JSON.
  if (file) headers['Content-Type'] = file.type;
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, failure: { kind: 'network', error } };
  }
  let data: unknown = null;
  try {
    const text = await response.text();
    data = text ? parseJson(text) : null;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (response.ok) return { ok: false, failure: { kind: 'network', error } };
  }
  if (!response.ok) {
    return {
      ok: false,
      failure: {
        kind: 'http',
        status: response.status,
        statusText: response.statusText,
        body: data,
      },
    };
  }
  const etag = response.headers.get('ETag');
  return {
    ok: true,
    status: response.status,
    statusText: response.statusText,
    data: data as T,
    ...(etag ? { etag } : {}),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A 2xx answer read with the schema the server serialises it with (src/shared/schemas).
 * An answer of another shape is a failure like a lost connection: nothing
 * trustworthy to show.
 */
export function parseAnswer<T>(
  result: ApiResult<unknown>,
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
  },
): ApiResult<T> {
  if (!result.ok) return result;
  const answer = schema.safeParse(result.data);
  return answer.success
    ? { ...result, data: answer.data }
    : { ok: false, failure: { kind: 'network', error: answer.error } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isUnauthorized(failure: ApiFailure): boolean {
  return failure.kind === 'http' && failure.status === 401;
}

/**
 * A staff download (a CSV file) as its bytes, asked with the session's token
 * (the back office has no cookie). Read as a blob, not through apiRequest's
 * text: decoding would drop a byte-order mark that makes Excel read the
 * accents right.
 */
export async function fetchFile(token: string, href: string): Promise<ApiResult<Blob>> {
  let response: Response;
  try {
    response = await fetch(href, {
      headers: { Authorization: `Bearer ${token}` },
      cache: 'no-store',
    });
  } catch (error) {
    return { ok: false, failure: { kind: 'network', error } };
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    return {
      ok: false,
      failure: { kind: 'http', status: response.status, statusText: response.statusText, body },
    };
  }
  return {
    ok: true,
    status: response.status,
    statusText: response.statusText,
    data: await response.blob(),
  };
}
