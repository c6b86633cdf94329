import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { telHref } from '../../../shared/languages.ts';
import type { GuestOrder, TakeawayOrderStatus } from '../../../shared/schemas/takeaway.ts';
import { CancelByLinkForm, LinkOutcome } from '../../components/token-link-page.tsx';
import { useRestaurant } from '../../components/use-restaurant.ts';
import { OrderSummary } from './order-summary.tsx';

/** How often the page asks for the order's status while it is visible. */
export const STATUS_POLL_MS = 10_000;

/** The statuses after which nothing changes any more: the page stops asking. */
const FINAL: readonly TakeawayOrderStatus[] = ['collected', 'declined', 'cancelled', 'no-show'];

/** GET /api/takeaway/orders/status?token=: the order, or null when the answer is not one. */
async function fetchStatus(token: string, signal: AbortSignal): Promise<GuestOrder | null> {
  const response = await fetch(`/api/takeaway/orders/status?${new URLSearchParams({ token })}`, {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) return null;
  const order = (await response.json()) as Partial<GuestOrder> | null;
  // Plain checks (no schema library in the public bundle): what the page reads must be there.
  return typeof order?.status === 'string' &&
    Array.isArray(order.lines) &&
    typeof order.total === 'string' &&
    typeof order.pickup?.time === 'string'
    ? (order as GuestOrder)
    : null;
}

/**
 * The order's status as it is now: the one the page was rendered with, then
 * with JavaScript what the API says every few seconds while the page is
 * visible, until the status is final.
 */
function useLiveOrder(token: string, rendered: GuestOrder | null): GuestOrder | null {
  const [live, setLive] = useState<{ from: GuestOrder | null; order: GuestOrder | null }>({
    from: rendered,
    order: rendered,
  });
  // A new rendering (the cancel button's answer) replaces what polling had learnt.
  const order = live.from === rendered ? live.order : rendered;
  const final = order === null || FINAL.includes(order.status);

  useEffect(() => {
    if (final) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setInterval> | undefined;
    const ask = () => {
      fetchStatus(token, controller.signal).then(
        (fresh) => {
          if (fresh) setLive({ from: rendered, order: fresh });
        },
        () => {
          // Offline for a moment: the next round asks again.
        },
      );
    };
    const follow = () => {
      clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === 'visible') {
        timer = setInterval(ask, STATUS_POLL_MS);
      }
    };
    const onVisibility = () => {
      // Back to the page: what happened meanwhile is asked at once.
      if (document.visibilityState === 'visible') ask();
      follow();
    };
    follow();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [token, rendered, final]);

  return order;
}

/**
 * /takeaway/order?token=…, the page the guest's confirmation and mails link
 * to: the order, its status (live with JavaScript), and while the kitchen
 * has not taken it on, one button to cancel it. Opening the page changes
 * nothing (mail scanners open links); only the button's post cancels.
 */
export function StatusPage({
  token,
  order: rendered,
  answer,
}: {
  token: string;
  /** The order the link names, as it is now (after a press, as the press left it). */
  order: GuestOrder | null;
  /** What the cancel button's press came to, when it was pressed. */
  answer?: { tooLate?: true; rateLimited?: true } | undefined;
}) {
  const { t } = useTranslation('takeaway');
  const order = useLiveOrder(token, rendered);
  return (
    <main id="main" className="page guest-page takeaway-page">
      <header className="booking-intro">
        <h1>{t('status.title')}</h1>
      </header>
      {order === null ? (
        <LinkOutcome title={t('status.invalidTitle')} focus={answer !== undefined}>
          <p>{t('status.invalid')}</p>
          <CallUs />
        </LinkOutcome>
      ) : (
        <section className="booking-card" aria-labelledby="takeaway-status-title">
          <h2 id="takeaway-status-title">
            {t('status.heading', { id: order.id, name: order.name })}
          </h2>
          <p className="takeaway-status" role="status">
            <span>{t('status.label')}: </span>
            <strong>{t(`status.${order.status}`)}</strong>
          </p>
          {order.message !== '' &&
            (order.status === 'declined' || order.status === 'cancelled') && (
              <p>{t('order.message', { message: order.message })}</p>
            )}
          <OrderSummary lines={order.lines} total={order.total} pickup={order.pickup} />
          {order.notes !== '' && <p>{t('order.notes', { notes: order.notes })}</p>}
          {answer?.tooLate && (
            <div className="booking-alert" role="alert">
              <p>{t('status.tooLate')}</p>
              <CallUs />
            </div>
          )}
          {answer?.rateLimited && (
            <div className="booking-alert" role="alert">
              <p>{t('status.rateLimited')}</p>
              <CallUs />
            </div>
          )}
          {order.cancellable && (
            <CancelByLinkForm
              token={token}
              label={t('status.cancel')}
              sendingLabel={t('status.cancelling')}
            >
              <p>{t('status.cancelQuestion')}</p>
            </CancelByLinkForm>
          )}
        </section>
      )}
    </main>
  );
}

function CallUs() {
  const { t } = useTranslation('takeaway');
  const { phones } = useRestaurant();
  return (
    <p className="booking-actions">
      <a className="button" href={telHref(phones.mobile)}>
        {t('call', { phone: phones.mobile })}
      </a>
    </p>
  );
}
