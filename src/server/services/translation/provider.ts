export { TARGET_LANGS, type TargetLang } from '../../../shared/languages.ts';
import type { TargetLang } from '../../../shared/languages.ts';

/**
 * A machine translation service: Italian in, one result per input
 * text, in order. Implementations throw on any failure.
 */
export interface TranslationProvider {
  readonly name: string;
  translate(texts: string[], target: TargetLang, signal: AbortSignal): Promise<string[]>;
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
