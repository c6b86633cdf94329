export { TARGET_LANGS, type TargetLang } from '../../../shared/languages.ts';
import type { TargetLang } from '../../../shared/languages.ts';

/**
 * A machine translation service: Italian in, one result per input
 * text, in order. Implementations throw on any failure.
 */
export interface TranslationProvider {
  readonly name: string;
  translate(texts: string[], target: TargetLang, signal: AbortSignal): Promise<string[]>;
  /**
   * Asks the service something that translates nothing (DeepL's usage, the
   * languages LibreTranslate offers), for `npm run doctor`: whether it
   * answers, takes the key, and speaks the protocol. Never throws.
   */
  probe(signal: AbortSignal): Promise<ProbeResult>;
}

/** `key`: refused the key (401/403); `unreachable`: no answer; `answer`: an answer that is not the protocol's. */
export type ProbeResult =
  | { ok: true; detail: string }
  | { ok: false; reason: 'key' | 'unreachable' | 'answer'; detail: string };

/**
 * One GET for a probe: only to the configured host (redirects refused, like
 * the translation calls), the answer's JSON handed to `read`, which returns
 * what to report or throws, saying what is wrong, at an answer that is not
 * the protocol's.
 */
export async function probeCall(
  name: string,
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  read: (body: unknown) => string,
): Promise<ProbeResult> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'error' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = signal.aborted
      ? 'no answer in time'
      : (cause?.code ?? cause?.message ?? String(error));
    return { ok: false, reason: 'unreachable', detail: `${name} at ${url.origin}: ${why}` };
  }
  if (response.status === 401 || response.status === 403) {
    return { ok: false, reason: 'key', detail: `${name} refused the key (${response.status})` };
  }
  if (!response.ok) {
    return {
      ok: false,
      reason: 'answer',
      detail: `${name} at ${url.href}: status ${response.status}`,
    };
  }
  let detail: string;
  try {
    detail = read(await response.json());
  } catch (error) {
    const what =
      error instanceof SyntaxError ? 'an answer that is not JSON' : (error as Error).message;
    return { ok: false, reason: 'answer', detail: `${name} at ${url.href}: ${what}` };
  }
  return { ok: true, detail };
}

/** 10 s per call, at most 3 attempts, waiting 0.5 s then 1 s (with jitter). */
export const CALL_TIMEOUT_MS = 10_000;
export const MAX_ATTEMPTS = 3;

export async function translateWithRetry(
  provider: TranslationProvider,
  texts: string[],
  target: TargetLang,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string[]> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    try {
      const results = await provider.translate(texts, target, AbortSignal.timeout(CALL_TIMEOUT_MS));
      // Neither service promises one result per text: checked here for both.
      if (results.length !== texts.length || results.some((text) => typeof text !== 'string')) {
        throw new Error(`${provider.name} answered ${results.length} texts for ${texts.length}`);
      }
      return results;
    } catch (error) {
      lastError = error;
      if (attempt < MAX_ATTEMPTS)
        await sleep(500 * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
    }
  }
  throw lastError;
}
