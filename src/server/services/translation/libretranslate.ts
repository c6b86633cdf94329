import { TARGET_LANGS, probeCall, type TranslationProvider } from './provider.ts';

/** A self-hosted LibreTranslate: POST /translate with several texts at once. */
export function libreTranslateProvider(baseUrl: string, apiKey?: string): TranslationProvider {
  const endpoint = new URL('translate', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const languages = new URL('languages', endpoint);
  return {
    name: 'LibreTranslate',
    // GET /languages takes no key: a wrong key shows only on the first translation.
    probe: (signal) =>
      probeCall('LibreTranslate', languages, {}, signal, (body) => {
        if (!Array.isArray(body)) throw new Error('the answer is not a list of languages');
        const italian = (body as { code?: unknown; targets?: unknown }[]).find(
          (language) => language.code === 'it',
        );
        const targets = Array.isArray(italian?.targets) ? (italian.targets as unknown[]) : [];
        const missing = TARGET_LANGS.filter((lang) => !targets.includes(lang));
        if (!italian) throw new Error('no Italian among its languages');
        if (missing.length > 0) {
          throw new Error(`no translation from Italian into ${missing.join(', ')}`);
        }
        return `LibreTranslate answers, Italian into ${TARGET_LANGS.join(', ')}`;
      }),
    async translate(texts, target, signal) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          q: texts,
          source: 'it',
          target,
          format: 'text',
          ...(apiKey ? { api_key: apiKey } : {}),
        }),
        signal,
        redirect: 'error', // only the configured host
      });
      if (!response.ok) throw new Error(`LibreTranslate answered ${response.status}`);
      const body = (await response.json()) as { translatedText?: unknown };
      if (!Array.isArray(body.translatedText))
        throw new Error('LibreTranslate: no translatedText list');
      return body.translatedText as string[];
    },
  };
}
