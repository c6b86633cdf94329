import { withSessionToken } from '../../staff/index.ts';
import { fetchRestaurantFacts } from '../../features/restaurant-facts/index.ts';
import { PrintPage } from '../../features/printable-menu/index.ts';
import type { Route } from './+types/print';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  // Not awaited: the section opens at once, its downloads usable before the name arrives.
  return { facts: withSessionToken(() => fetchRestaurantFacts(request.signal)) };
}

export default function Print({ loaderData }: Route.ComponentProps) {
  return <PrintPage facts={loaderData.facts} />;
}
