import type { Config } from '../../config.ts';
import { deeplProvider } from './deepl.ts';
import { libreTranslateProvider } from './libretranslate.ts';
import type { TranslationProvider } from './provider.ts';

/** The configured provider: DeepL if it has a key, else LibreTranslate, else none. */
export function providerFromConfig(config: Config): TranslationProvider | null {
  if (config.DEEPL_API_KEY) return deeplProvider(config.DEEPL_API_KEY, config.DEEPL_SERVER_URL);
  if (config.LIBRETRANSLATE_URL) {
    return libreTranslateProvider(config.LIBRETRANSLATE_URL, config.LIBRETRANSLATE_API_KEY);
  }
  return null;
}
