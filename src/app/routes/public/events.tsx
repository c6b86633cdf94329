import type { Route } from './+types/events';
import { EVENTS_PAGE, publicPageMeta } from '../../seo.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import { addDays } from '../../../shared/opening-hours.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { EventsPage } from '../../features/events/events-page.tsx';
import {
  NOTHING_SENT,
  type EventsPageData,
  type InquiryResult,
} from '../../features/events/inquiry.ts';
import { inquiryAction } from '../../features/events/inquiry-action.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import eventsStylesHref from '../../styles/events.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

// The request form looks like the booking page's.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
  { rel: 'stylesheet', href: eventsStylesHref },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, EVENTS_PAGE.key, EVENTS_PAGE.path);

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/**
 * The first day a request may name (tomorrow in Rome) and the closures from
 * then on, with their notes in the visitor's language: the days the server
 * refuses, shown beside the date picker.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServicesContext);
  const hours = await services.openingHours(languageOfRequest(request));
  const firstDay = addDays(hours.today.date, 1);
  const page: EventsPageData = {
    firstDay,
    closures: hours.closures.filter((closure) => closure.to >= firstDay),
  };
  // The allergens speak the menu page's words, the services and areas the mails'.
  return {
    ...page,
    messages: {
      ...pageMessages(request, 'events').messages,
      ...pageMessages(request, 'menu').messages,
      ...pageMessages(request, 'event-mails').messages,
    },
  };
}

/** The request form's post, counted against the client's address like the API's. */
export async function action({ request, context }: Route.ActionArgs) {
  return inquiryAction(
    request,
    context.get(appServicesContext).events,
    context.get(clientAddressContext),
  );
}

/**
 * With JavaScript a post that never got an answer (the connection dropped,
 * the server failed) is told beside the form, which keeps what was typed,
 * instead of replacing the page with the error page.
 */
export async function clientAction({
  serverAction,
}: Route.ClientActionArgs): Promise<InquiryResult> {
  try {
    return await serverAction();
  } catch {
    return { outcome: { ok: false, code: 'failed' }, values: NOTHING_SENT };
  }
}

export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  return <EventsPage data={loaderData} result={actionData} />;
}
