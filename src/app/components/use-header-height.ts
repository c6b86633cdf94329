import { useEffect, type RefObject } from 'react';

/**
 * Publishes the height of the page's sticky or fixed header as the CSS
 * variable `--site-header-height` on <html>, so that toasts open below the
 * header instead of over its links and buttons. Measured rather than fixed in
 * CSS, because the header wraps onto a second or third line in some languages
 * on narrow screens.
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty('--site-header-height', `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--site-header-height');
    };
  }, [header]);
}
