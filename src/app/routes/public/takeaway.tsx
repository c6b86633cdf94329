import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { data } from 'react-router';
import type { Route } from './+types/takeaway';
import { publicPageMeta, TAKEAWAY_PAGE } from '../../seo.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import { appServicesContext, clientAddressContext } from '../../context.ts';
import { TakeawayPage } from '../../features/takeaway/takeaway-page.tsx';
import {
  basketLines,
  dishQuantities,
  NOTHING_ORDERED,
  orderableBasket,
  readBasket,
  takeawaySections,
  type OrderResult,
  type TakeawayPageData,
} from '../../features/takeaway/order.ts';
import { orderAction } from '../../features/takeaway/takeaway-action.server.ts';
import reservationsStylesHref from '../../styles/reservations.css?url';
import menuStylesHref from '../../styles/menu.css?url';
import takeawayStylesHref from '../../styles/takeaway.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

// The guest's forms look like the booking page's, the dishes like the menu's.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: reservationsStylesHref },
  { rel: 'stylesheet', href: menuStylesHref },
  { rel: 'stylesheet', href: takeawayStylesHref },
];

export const meta: Route.MetaFunction = ({ matches, error }) =>
  error
    ? publicPageMeta(matches[0].loaderData, 'notFound', TAKEAWAY_PAGE.path)
    : publicPageMeta(matches[0].loaderData, TAKEAWAY_PAGE.key, TAKEAWAY_PAGE.path);

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/**
 * The orderable dishes and the calendar; and, for the basket and day in the
 * address (the dishes form sent without JavaScript), that day's pickup
 * times. The bare address is cached until the content or the date changes:
 * the pickup times, which follow the clock, come only with a query (or from
 * the API, with JavaScript), and the page hides a pause that has ended.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServicesContext);
  const lang = languageOfRequest(request);
  const calendar = await services.takeaway.calendar();
  // Switched off: the page does not exist (its links are hidden too).
  if (!calendar.enabled) throw data(null, { status: 404 });
  const sections = takeawaySections(await services.menu(lang));
  const params = new URL(request.url).searchParams;
  const basket = orderableBasket(readBasket(params.entries()), sections);
  const dateText = params.get('date') ?? '';
  const date = calendar.days.some((day) => day.open && day.date === dateText) ? dateText : null;
  const items = dishQuantities(basketLines(basket, sections));
  let slots: TakeawayPageData['slots'] = null;
  if (date !== null && items.length > 0) {
    // Null when a dish left the menu since the page was read: no time to offer.
    slots = (await services.takeaway.slots(date, items))?.slots ?? [];
  }
  const page: TakeawayPageData = {
    sections,
    days: calendar.days,
    pausedUntil: calendar.pausedUntil,
    basket,
    date,
    slots,
  };
  const own = pageMessages(request, 'takeaway').messages;
  // The dishes' allergens speak the menu page's words.
  const menu = pageMessages(request, 'menu').messages;
  return { ...page, messages: { ...own, ...menu } };
}

/** The order form's post, counted against the client's address like the API's. */
export async function action({ request, context }: Route.ActionArgs) {
  return orderAction(
    request,
    context.get(appServicesContext),
    languageOfRequest(request),
    context.get(clientAddressContext),
  );
}

/**
 * With JavaScript a post that never got an answer (the connection dropped,
 * the server failed) is told beside the form, which keeps what was typed.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<OrderResult> {
  try {
    return await serverAction();
  } catch {
    return { outcome: { ok: false, code: 'failed' }, values: NOTHING_ORDERED };
  }
}

/** Refusals that say the page's dishes or times are out of date. */
const STALE_PAGE_REFUSALS: ReadonlySet<string> = new Set([
  'item-unavailable',
  'slot-full',
  'not-a-slot',
  'paused',
]);

/**
 * React Router reloads no data after an action's 4xx answer; but after a
 * refusal saying a dish sold out or a time filled meanwhile, the page must
 * show the menu and the times as they are now, not as they were.
 */
export function shouldRevalidate({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const outcome = (actionResult as OrderResult | undefined)?.outcome;
  if (outcome && !outcome.ok && STALE_PAGE_REFUSALS.has(outcome.code)) return true;
  return defaultShouldRevalidate;
}

export default function Takeaway({ loaderData, actionData }: Route.ComponentProps) {
  return <TakeawayPage data={loaderData} result={actionData} />;
}
