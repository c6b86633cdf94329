import { data, type HeadersArgs } from 'react-router';
import type { Route } from './+types/setup';
import { appServicesContext } from '../../context.ts';
import { SetupPage } from '../../features/auth/index.ts';
import { tokenPageHeaders } from '../../token-link.server.ts';

/** The address holds the setup token: no referrer, no cache; noindex like every staff page. */
export function headers(args: HeadersArgs) {
  const own = tokenPageHeaders(args);
  own.set('X-Robots-Tag', 'noindex, nofollow');
  return own;
}

/** Once any staff account exists the page does not exist (nor POST /api/setup). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!(await context.get(appServicesContext).setupOpen())) throw data(null, { status: 404 });
  return null;
}

export default function Setup() {
  return <SetupPage />;
}
