import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANG, type Lang } from '../../shared/languages.ts';
import type { Messages } from '../../shared/locales/index.ts';

/**
 * A fresh i18next instance for one render (never the global instance on the
 * server, where requests in different languages overlap).
 * Resources come in whole (the namespaces a page shows), so initialisation is
 * synchronous.
 */
export function createI18n(lang: Lang, messages: Partial<Messages>): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: FALLBACK_LANG,
    resources: { [lang]: messages },
    ns: Object.keys(messages),
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  return i18n;
}
