import { Outlet, type MetaArgs } from 'react-router';
import { FullScreenSpinner } from '../../components/spinner.tsx';
import { session } from '../../staff/index.ts';
import { UserProvider } from '../../staff/index.ts';
import { rootMetaData } from '../../root-meta.ts';
import { staffPageMeta } from '../../seo.ts';

export { staffLinks as links } from '../../staff/index.ts';

/**
 * The staff pages' layout: they are rendered in the browser only. The server
 * sends the spinner as the hydrate fallback, with a noindex header and the
 * staff stylesheet; the page
 * renders once the client loader has restored the stored session and asked
 * the server whether it still holds (nothing renders before that check).
 */
export const meta = ({ matches }: MetaArgs) => staffPageMeta(rootMetaData(matches));

/** A child route that sets headers of its own starts from these (`parentHeaders`). */
export const headers = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

export async function clientLoader() {
  await session.restore();
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <FullScreenSpinner />;
}

export default function StaffLayout() {
  return (
    <UserProvider>
      <Outlet />
    </UserProvider>
  );
}
