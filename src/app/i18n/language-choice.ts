import { useCallback, useEffect } from 'react';
import { useNavigate, useRevalidator, useSearchParams } from 'react-router';
import {
  LANG_COOKIE,
  LANG_STORAGE_KEY,
  readCookie,
  toLang,
  type Lang,
} from '../../shared/languages.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Keeps a choice where the next request (cookie) and the next visit (local storage) find it. */
function remember(lang: Lang): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Storage can be disabled; the cookie alone still carries the choice.
  }
}

function stored(): Lang | null {
  try {
    return toLang(localStorage.getItem(LANG_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * The language picked in the dropdown: remembered, then the page's data is
 * loaded again in it, so the page re-renders at once without a reload. A `lng`
 * in the address wins over the cookie, so it is rewritten too.
 */
export function useChooseLanguage(): (lang: Lang) => void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return useCallback(
    (lang: Lang) => {
      remember(lang);
      if (params.has('lng')) {
        const next = new URLSearchParams(params);
        next.set('lng', lang);
        void navigate({ search: `?${next}` }, { replace: true, preventScrollReset: true });
      } else {
        void revalidate();
      }
    },
    [params, navigate, revalidate],
  );
}

/**
 * After the first render: the language the server chose is cached like
 * i18next's detector does, except that a choice kept only in local storage
 * (its cookie expired or was cleared) is restored: a stored choice ranks
 * above the browser's languages.
 */
export function usePersistLanguage(current: Lang, chooseLanguage: (lang: Lang) => void): void {
  const [params] = useSearchParams();
  const fromQuery = params.has('lng');
  useEffect(() => {
    const saved = stored();
    const hasCookie = readCookie(document.cookie, LANG_COOKIE) !== null;
    if (!fromQuery && !hasCookie && saved && saved !== current) chooseLanguage(saved);
    else remember(current);
    // Only when the rendered language changes, not when the callback does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
}
