import type { TranslationProvider } from './provider.ts';

/** A self-hosted LibreTranslate: POST /translate with several texts at once. */
export function libreTranslateProvider(baseUrl: string, apiKey?: string): TranslationProvider {
  const endpoint = new URL('translate', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  return {
    name: 'LibreTranslate',
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
