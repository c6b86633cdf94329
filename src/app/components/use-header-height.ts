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
    // The observer reports the size once at the start, after the browser's own
    // layout: no layout forced here while the page hydrates.
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? element.getBoundingClientRect().height;
      root.style.setProperty('--site-header-height', `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--site-header-height');
    };
  }, [header]);
}
