import { probeCall, type TargetLang, type TranslationProvider } from './provider.ts';

/** DeepL's codes: a regional English (the site's English is British), upper case. */
const DEEPL_TARGET: Record<TargetLang, string> = {
  en: 'EN-GB',
  fr: 'FR',
  es: 'ES',
  de: 'DE',
};

/** Free-plan keys end in ":fx" and have a host of their own. */
const defaultServerUrl = (apiKey: string) =>
  apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';

/**
 * DeepL's POST /v2/translate over `fetch`, several texts per call;
 * DEEPL_SERVER_URL replaces the API host. Written here rather than through
 * the official client (docs/decisions/006): the client follows redirects and
 * takes no abort signal, and the call must go only to the configured host and
 * stop at its timeout (docs/security.md item 23).
 */
export function deeplProvider(apiKey: string, serverUrl?: string): TranslationProvider {
  const base = serverUrl ?? defaultServerUrl(apiKey);
  const endpoint = new URL('v2/translate', base.endsWith('/') ? base : `${base}/`);
  const usage = new URL('usage', endpoint); // beside translate: base/v2/usage
  return {
    name: 'DeepL',
    probe: (signal) =>
      probeCall('DeepL', usage, { authorization: `DeepL-Auth-Key ${apiKey}` }, signal, (body) => {
        const { character_count: used, character_limit: limit } = (body ?? {}) as Record<
          string,
          unknown
        >;
        if (typeof used !== 'number' || typeof limit !== 'number') {
          throw new Error('no character_count and character_limit in the answer');
        }
        return `DeepL answers, ${used} of ${limit} characters used this period`;
      }),
    async translate(texts, target, signal) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `DeepL-Auth-Key ${apiKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ text: texts, source_lang: 'IT', target_lang: DEEPL_TARGET[target] }),
        signal,
        redirect: 'error', // only the configured host
      });
      if (!response.ok) throw new Error(`DeepL answered ${response.status}`);
      const body = (await response.json()) as { translations?: { text?: unknown }[] };
      if (!Array.isArray(body.translations)) throw new Error('DeepL: no translations list');
      return body.translations.map((translation) => translation.text as string);
    },
  };
}
