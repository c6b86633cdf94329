import { data } from 'react-router';
import type { Lang } from '../../../shared/languages.ts';
import type { GuestOrder } from '../../../shared/schemas/takeaway.ts';
import type { AppServices, GuestTakeaway } from '../../context.ts';
import { guestFormAction } from '../../guest-kit/guest-action.server.ts';
import { postedToken } from '../../token-link.server.ts';
import { NOTHING_ORDERED, orderFromForm, refusedDishes, type OrderResult } from './order.ts';

/**
 * The page actions of /takeaway and /takeaway/order: plain form posts, so
 * that ordering and cancelling work without JavaScript.
 */

/** POST /takeaway: orders through the service, as POST /api/takeaway/orders does. */
export async function orderAction(
  request: Request,
  services: Pick<AppServices, 'menu' | 'takeaway'>,
  lang: Lang,
  clientAddress: string,
) {
  return guestFormAction(
    request,
    { nothingSent: NOTHING_ORDERED, ok: 201 },
    async (form): Promise<OrderResult> => {
      const menu = await services.menu(lang);
      const { values, body } = orderFromForm(form, menu);
      const outcome = await services.takeaway.order(body, clientAddress);
      if (outcome.ok || outcome.code !== 'item-unavailable') return { outcome, values };
      const unavailable = refusedDishes(outcome.details?.unavailableIds ?? [], menu);
      return { outcome, values, unavailable };
    },
  );
}

/**
 * What the status page's button answers: the order as the press left it
 * (null: the link is not valid); `tooLate` once the kitchen took it on,
 * `rateLimited` when the address pressed too often.
 */
export interface CancelOrderResult {
  order: GuestOrder | null;
  tooLate?: true;
  rateLimited?: true;
}

/** POST /takeaway/order: the guest pressed "Cancel the order" (opening the link cancels nothing). */
export async function cancelOrderAction(
  request: Request,
  takeaway: GuestTakeaway,
  clientAddress: string,
) {
  const token = await postedToken(request);
  if (token === null) {
    return data<CancelOrderResult>({ order: null }, { status: 400 });
  }
  const answer = await takeaway.cancel(token, clientAddress);
  if (answer === 'rate-limited') {
    return data<CancelOrderResult>(
      { order: await takeaway.status(token), rateLimited: true },
      { status: 429 },
    );
  }
  if (answer === 'too-late') {
    return data<CancelOrderResult>(
      { order: await takeaway.status(token), tooLate: true },
      { status: 409 },
    );
  }
  return data<CancelOrderResult>({ order: answer }, { status: answer ? 200 : 400 });
}
