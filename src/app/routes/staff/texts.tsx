import { fetchSiteTextsReview, SiteTextsSection } from '../../features/site-texts/index.ts';
import { withSessionToken } from '../../staff/index.ts';
import type { Route } from './+types/texts';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  // Not awaited: the section opens at once with its loading text.
  return { review: withSessionToken((token) => fetchSiteTextsReview(token, request.signal)) };
}

export default function Texts({ loaderData }: Route.ComponentProps) {
  return <SiteTextsSection data={loaderData} />;
}
