import type { Route } from './+types/privacy';
import { PRIVACY_PAGE, publicPageMeta } from '../../seo.ts';
import { appServicesContext } from '../../context.ts';
import { PrivacyPage } from '../../features/privacy/privacy-page.tsx';
import { pageMessages } from '../../i18n/page-messages.server.ts';
import privacyStylesHref from '../../styles/privacy.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: privacyStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, PRIVACY_PAGE.key, PRIVACY_PAGE.path);

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The owner's retention period (the reservation settings), and the page's texts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const retentionMonths = await context.get(appServicesContext).reservations.retentionMonths();
  return { retentionMonths, ...pageMessages(request, 'privacy') };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <PrivacyPage retentionMonths={loaderData.retentionMonths} />;
}
