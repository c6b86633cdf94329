import type { Route } from './+types/takeaway-order';
import { publicPageMeta } from '../../seo.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { StatusPage } from '../../features/takeaway/status-page.tsx';
import { cancelOrderAction } from '../../features/takeaway/takeaway-action.server.ts';
import { addressToken } from '../../token-link.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import takeawayStylesHref from '../../styles/takeaway.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
  { rel: 'stylesheet', href: takeawayStylesHref },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'takeawayOrder', '/takeaway/order');

export { tokenPageHeaders as headers } from '../../token-link.server.ts';

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The order the link names, read only: opening the link must not cancel (mail scanners open links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = addressToken(request);
  const order = token ? await context.get(appServicesContext).takeaway.status(token) : null;
  return { token, order, ...pageMessages(request, 'takeaway') };
}

/** The guest pressed "Cancel the order". */
export async function action({ request, context }: Route.ActionArgs) {
  return cancelOrderAction(
    request,
    context.get(appServicesContext).takeaway,
    context.get(clientAddressContext),
  );
}

export default function TakeawayOrder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StatusPage
      token={loaderData.token}
      order={actionData ? actionData.order : loaderData.order}
      answer={actionData}
    />
  );
}
