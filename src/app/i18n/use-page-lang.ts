import { useTranslation } from 'react-i18next';
import { toLang, type Lang } from '../../shared/languages.ts';

/** The language the page is rendered in (Italian, the site's own, if i18next holds another). */
export function usePageLang(): Lang {
  const { i18n } = useTranslation();
  return toLang(i18n.language) ?? 'it';
}
