import { withSessionToken } from '../../staff/index.ts';
import {
  fetchClosureTranslations,
  fetchOpeningHours,
  OpeningHoursEditor,
} from '../../features/opening-hours-editor/index.ts';
import {
  fetchRestaurantFacts,
  RestaurantFactsPanel,
} from '../../features/restaurant-facts/index.ts';
import type { Route } from './+types/hours';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  // Not awaited: the section opens at once with its loading text.
  return {
    hours: withSessionToken(() => fetchOpeningHours(request.signal)),
    translations: withSessionToken((token) => fetchClosureTranslations(token, request.signal)),
    facts: withSessionToken(() => fetchRestaurantFacts(request.signal)),
  };
}

export default function Hours({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <OpeningHoursEditor hours={loaderData.hours} translations={loaderData.translations} />
      <RestaurantFactsPanel facts={loaderData.facts} />
    </>
  );
}
