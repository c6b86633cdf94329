import { RESTAURANT_TIME_ZONE } from '../../../shared/opening-hours.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DATE_LOCALES, type Lang } from '../../../shared/languages.ts';
import { dayAndDateText, timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { DoneCard, GuestPage } from '../../guest-kit/guest-page-parts.tsx';
import { useHydrated, useSlots } from '../../guest-kit/use-slots.ts';
import { AllergenSprite } from '../../components/allergen-icons.tsx';
import { BasketList, DishesForm, PickupDayCard } from './dishes-form.tsx';
import { BasketBar, SectionLinks } from './phone-ordering.tsx';
import { OrderDetailsForm } from './order-details-form.tsx';
import { OrderSummary } from './order-summary.tsx';
import {
  basketLines,
  orderableBasket,
  pieces,
  renderedSlots,
  slotItems,
  slotsUrl,
  type Basket,
  type OrderResult,
  type TakeawayPageData,
} from './order.ts';
import { ORDER_QUANTITY_MAX, QUANTITY_MAX } from '../../../shared/takeaway-refusals.ts';

/** Where the basket waits across a reload, with JavaScript (cleared once ordered). */
export const BASKET_STORAGE_KEY = 'takeaway-basket';

/** A pause's end as the restaurant's clock shows it ("19:45"). */
const romeTime = (lang: Lang, instant: string) =>
  new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: RESTAURANT_TIME_ZONE,
  }).format(new Date(instant));

/**
 * /takeaway: the guest picks dishes and a day (a GET form, so that the
 * server can show the pickup times without JavaScript), then a time and
 * their details (a POST form to the page's action). With JavaScript the
 * basket and the total follow every change, the times load as the order
 * changes, and the basket survives a reload.
 */
export function TakeawayPage({
  data,
  result,
}: {
  data: TakeawayPageData;
  result: OrderResult | undefined;
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  const hydrated = useHydrated();
  // A pause that has ended while the page was cached is not told (with JavaScript, which knows the time).
  const paused =
    data.pausedUntil !== null && (!hydrated || Date.parse(data.pausedUntil) > Date.now());
  return (
    <GuestPage
      className="takeaway-page"
      title={t('title')}
      intro={
        !result?.outcome.ok && (
          <>
            <p>{t('intro')}</p>
            {paused && (
              <p className="booking-notice">
                {t('paused', { time: romeTime(lang, data.pausedUntil!) })}
              </p>
            )}
          </>
        )
      }
    >
      {result?.outcome.ok ? (
        <OrderDone result={result} />
      ) : (
        <OrderForms data={data} result={result} hydrated={hydrated} />
      )}
      <AllergenSprite />
    </GuestPage>
  );
}

function OrderDone({ result }: { result: OrderResult }) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  useEffect(() => {
    // Ordered: the basket is spent.
    try {
      localStorage.removeItem(BASKET_STORAGE_KEY);
    } catch {
      // Storage refused (private browsing): nothing was kept.
    }
  }, []);
  if (!result.outcome.ok) return null;
  const { order, statusToken } = result.outcome;
  return (
    <DoneCard id="takeaway-done-title" title={t('done.title')}>
      <p>
        {t('done.intro', {
          name: result.values.name.trim(),
          date: dayAndDateText(lang, order.pickup.date),
          time: timeText(lang, order.pickup.time),
        })}
      </p>
      <OrderSummary lines={order.lines} total={order.total} pickup={order.pickup} />
      <p className="booking-actions">
        <Link
          className="button"
          to={`/takeaway/order?${new URLSearchParams({ token: statusToken })}`}
        >
          {t('done.status')}
        </Link>
        <Link className="button button--ghost" to="/takeaway" reloadDocument>
          {t('done.another')}
        </Link>
      </p>
    </DoneCard>
  );
}

/** The basket kept in the browser, or null when there is none (or it cannot be read). */
function storedBasket(): Basket | null {
  try {
    const text = localStorage.getItem(BASKET_STORAGE_KEY);
    const stored: unknown = text ? JSON.parse(text) : null;
    if (typeof stored !== 'object' || stored === null) return null;
    return Object.fromEntries(
      Object.entries(stored).filter(
        ([, quantity]) => Number.isInteger(quantity) && quantity >= 1 && quantity <= QUANTITY_MAX,
      ),
    ) as Basket;
  } catch {
    return null;
  }
}

function OrderForms({
  data,
  result,
  hydrated,
}: {
  data: TakeawayPageData;
  result: OrderResult | undefined;
  hydrated: boolean;
}) {
  const { t } = useTranslation('takeaway');
  const [basket, setBasket] = useState<Basket>(() =>
    orderableBasket(result?.values.basket ?? data.basket, data.sections),
  );
  const [date, setDate] = useState(data.date ?? result?.values.date ?? '');
  const restored = useRef(false);

  // Once hydrated: a page opened without a basket takes the one kept from
  // before (less what can no longer be ordered), and every change is kept.
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const stored = storedBasket();
      if (stored && Object.keys(basket).length === 0) {
        setBasket(orderableBasket(stored, data.sections));
        return;
      }
    }
    try {
      localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify(basket));
    } catch {
      // Storage refused (private browsing): the basket lives as long as the page.
    }
  }, [basket, data.sections]);

  const lines = basketLines(basket, data.sections);
  const items = slotItems(lines);
  const tooMany = pieces(lines) > ORDER_QUANTITY_MAX;
  const slots = useSlots(
    date !== '' && items !== '' && !tooMany ? slotsUrl(date, items) : null,
    renderedSlots(data),
  );

  // One function for the page's life, so that the dishes (memo) skip the
  // render that hydration ends with (useHydrated turning true).
  const setQuantity = useCallback((key: string, text: string) => {
    const quantity = /^\d{1,2}$/.test(text) ? Math.min(Number(text), QUANTITY_MAX) : 0;
    setBasket((current) => {
      const next = { ...current };
      if (quantity > 0) next[key] = quantity;
      else delete next[key];
      return next;
    });
  }, []);

  return (
    <div className="takeaway-layout">
      <div className="takeaway-list">
        <SectionLinks sections={data.sections} />
        {/*
          Without JavaScript the browser sends it, and the server answers with
          the basket and the day's pickup times. With it everything follows the
          choice, and the button asks for the times again in place.
        */}
        <DishesForm data={data} basket={basket} onQuantity={setQuantity} onShow={slots.reload} />
      </div>

      {/* Beside the list on a wide screen, following the scroll; below it on a phone. */}
      <div className="takeaway-side">
        <section className="booking-card takeaway-basket" aria-labelledby="takeaway-basket-title">
          <h2 id="takeaway-basket-title">{t('basket.title')}</h2>
          <div aria-live="polite">
            {lines.length === 0 ? <p>{t('basket.empty')}</p> : <BasketList lines={lines} />}
            {tooMany && (
              <p className="booking-error">{t('basket.tooMany', { max: ORDER_QUANTITY_MAX })}</p>
            )}
          </div>
          <p className="booking-hint">{t('basket.payAtPickup')}</p>
        </section>

        <PickupDayCard days={data.days} date={date} onDate={setDate} />

        {lines.length > 0 && !tooMany && (
          <OrderDetailsForm lines={lines} date={date} slots={slots} result={result} />
        )}
      </div>

      {hydrated && <BasketBar lines={lines} />}
    </div>
  );
}
