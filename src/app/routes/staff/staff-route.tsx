import type { MetaArgs } from 'react-router';
import { FullScreenSpinner } from '../../components/spinner.tsx';
import { rootMetaData } from '../../root-meta.ts';
import { staffPageMeta } from '../../seo.ts';

/**
 * What every staff route module re-exports: staff pages are rendered in the
 * browser only (CONTRACT.md "Pages"). The server sends the spinner as the
 * hydrate fallback and a noindex header; the page itself renders after the
 * client loader, i.e. in the browser.
 */
export const staffMeta = ({ matches }: MetaArgs) => staffPageMeta(rootMetaData(matches));
export const staffHeaders = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });
export function StaffHydrateFallback() {
  return <FullScreenSpinner />;
}
