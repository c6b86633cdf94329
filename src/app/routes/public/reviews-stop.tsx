import { data } from 'react-router';
import type { Route } from './+types/reviews-stop';
import { publicPageMeta } from '../../seo.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { ReviewStopPage } from '../../features/reviews/review-stop-page.tsx';
import { addressToken, postedToken } from '../../token-link.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'reviewStop', '/reviews/stop');

export { tokenPageHeaders as headers } from '../../token-link.server.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/**
 * What the link says, read only: opening it must not stop anything (mail
 * scanners open links). The page is in the mail's language: the link
 * carries it (`?lng=`, services/guests/review-requests.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = addressToken(request);
  const link = token
    ? await context.get(appServicesContext).reviews.view(token)
    : { valid: false as const };
  return { token, link, ...pageMessages(request, 'reservations') };
}

/** The guest pressed "stop": a plain form post, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const token = await postedToken(request);
  const outcome =
    token === null
      ? 'invalid'
      : await context
          .get(appServicesContext)
          .reviews.stop(token, context.get(clientAddressContext));
  const status = outcome === 'stopped' ? 200 : outcome === 'invalid' ? 400 : 429;
  return data({ outcome }, { status });
}

export default function ReviewsStop({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ReviewStopPage
      token={loaderData.token}
      state={
        actionData
          ? actionData.outcome
          : !loaderData.link.valid
            ? 'invalid'
            : loaderData.link.stopped
              ? 'stopped'
              : 'asking'
      }
      answered={actionData !== undefined}
    />
  );
}
