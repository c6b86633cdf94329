import { Translator, type TargetLanguageCode } from 'deepl-node';
import { CALL_TIMEOUT_MS, type TargetLang, type TranslationProvider } from './provider.ts';

/** deepl-node wants a regional English (plain `en` throws): the site's English is British. */
const DEEPL_TARGET: Record<TargetLang, TargetLanguageCode> = {
  en: 'en-GB',
  fr: 'fr',
  es: 'es',
  de: 'de',
};

/** DeepL through its official client; DEEPL_SERVER_URL replaces the API host. */
export function deeplProvider(apiKey: string, serverUrl?: string): TranslationProvider {
  const translator = new Translator(apiKey, {
    ...(serverUrl ? { serverUrl } : {}),
    // Our own retry loop counts attempts (translateWithRetry), so the client makes one.
    maxRetries: 0,
    minTimeout: CALL_TIMEOUT_MS,
    sendPlatformInfo: false,
  });
  return {
    name: 'DeepL',
    async translate(texts, target) {
      const results = await translator.translateText(texts, 'it', DEEPL_TARGET[target]);
      return results.map((result) => result.text);
    },
  };
}
