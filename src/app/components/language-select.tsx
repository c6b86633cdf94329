import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS, toLang, type Lang } from '../../shared/languages.ts';
import { useChooseLanguage, usePersistLanguage } from '../i18n/language-choice.ts';
import itFlag from '../assets/flags/it.svg?url';
import gbFlag from '../assets/flags/gb.svg?url';
import deFlag from '../assets/flags/de.svg?url';
import frFlag from '../assets/flags/fr.svg?url';
import esFlag from '../assets/flags/es.svg?url';

const FLAGS: Record<Lang, string> = { it: itFlag, en: gbFlag, de: deFlag, fr: frFlag, es: esFlag };

/**
 * Fixed bottom-right language dropdown. A native select:
 * keyboard and screen-reader friendly for free, and without JavaScript the
 * form still switches language through `?lng=`.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = toLang(i18n.language) ?? 'it';
  const chooseLanguage = useChooseLanguage();
  usePersistLanguage(current, chooseLanguage);
  return (
    // Named, so it is a landmark of its own (axe: all content inside landmarks).
    <form className="language-select" method="get" aria-label={t('language.label')}>
      <img className="language-select__flag" src={FLAGS[current]} alt="" width="24" height="16" />
      <label className="visually-hidden" htmlFor="language-select">
        {t('language.label')}
      </label>
      <select
        id="language-select"
        name="lng"
        value={current}
        onChange={(event) => {
          const lang = toLang(event.target.value);
          if (lang) chooseLanguage(lang);
        }}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.lang} value={option.lang} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">OK</button>
      </noscript>
    </form>
  );
}
