// Over 400 lines: the page's dishes, day, basket and order forms share one state (the basket) and are read together.
import { RESTAURANT_TIME_ZONE } from '../../../shared/opening-hours.ts';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { DATE_LOCALES, type Lang } from '../../../shared/languages.ts';
import { dayAndDateText, dayOptionText, timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import {
  checkGuestContact,
  GUEST_CONTACT_FIELDS,
  GuestContactFields,
  RefusalAlert,
  type GuestContact,
  type GuestContactField,
} from '../../guest-kit/guest-contact.tsx';
import { useHydrated, useSlots, type SlotsState } from '../../guest-kit/use-slots.ts';
import { AllergenSprite, DishAllergens } from '../menu/index.ts';
import { OrderSummary } from './order-summary.tsx';
import {
  ASAP,
  basketLines,
  euros,
  lineKey,
  orderableBasket,
  pieces,
  quantityField,
  renderedSlots,
  slotItems,
  slotsUrl,
  totalCents,
  type Basket,
  type BasketLine,
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
    <main id="main" className="page booking-page takeaway-page">
      <header className="booking-intro">
        <h1>{t('title')}</h1>
        {!result?.outcome.ok && <p>{t('intro')}</p>}
        {paused && !result?.outcome.ok && (
          <p className="booking-notice">
            {t('paused', { time: romeTime(lang, data.pausedUntil!) })}
          </p>
        )}
      </header>
      {result?.outcome.ok ? (
        <OrderDone result={result} />
      ) : (
        <OrderForms data={data} result={result} hydrated={hydrated} />
      )}
      <AllergenSprite />
    </main>
  );
}

function OrderDone({ result }: { result: OrderResult }) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
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
    <section className="booking-card booking-done" aria-labelledby="takeaway-done-title">
      <h2 id="takeaway-done-title" tabIndex={-1} ref={heading} autoFocus>
        {t('done.title')}
      </h2>
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
    </section>
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
  const lang = usePageLang();
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

  function setQuantity(key: string, text: string) {
    const quantity = /^\d{1,2}$/.test(text) ? Math.min(Number(text), QUANTITY_MAX) : 0;
    setBasket((current) => {
      const next = { ...current };
      if (quantity > 0) next[key] = quantity;
      else delete next[key];
      return next;
    });
  }

  return (
    <>
      {/*
        Without JavaScript the browser sends it, and the server answers with
        the basket and the day's pickup times. With it everything follows the
        choice, and the button asks for the times again in place.
      */}
      <form
        method="get"
        action="/takeaway"
        className="booking-card takeaway-dishes"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          slots.reload();
        }}
      >
        <input type="hidden" name="lng" value={lang} />
        {data.sections.length === 0 && <p>{t('dishes.none')}</p>}
        {data.sections.map((section) => (
          <fieldset key={section.id} className="takeaway-section">
            <legend>{section.name}</legend>
            <ul className="menu-items">
              {section.dishes.map((dish) => (
                <li
                  key={dish.id}
                  className={`menu-item takeaway-dish${dish.available ? '' : ' menu-item--sold-out'}`}
                >
                  <div className="menu-item__text">
                    <span className="menu-item__name">
                      {dish.name}
                      {!dish.available && (
                        <span className="menu-item__sold-out">{t('dishes.soldOut')}</span>
                      )}
                    </span>
                    {dish.description && (
                      <span className="menu-item__description">{dish.description}</span>
                    )}
                    <DishAllergens allergens={dish.allergens} />
                  </div>
                  <ul className="takeaway-sizes">
                    {dish.sizes.map((size, index) => {
                      const key = lineKey(dish.id, index);
                      const id = `takeaway-${key}`;
                      return (
                        <li key={key} className="takeaway-size">
                          <label htmlFor={id} className="takeaway-size__label">
                            {size.label && <span className="menu-item__size">{size.label} </span>}
                            <span className="menu-item__price">{euros(size.cents)}</span>
                          </label>
                          {dish.available && (
                            <input
                              id={id}
                              className="takeaway-quantity"
                              type="number"
                              inputMode="numeric"
                              min={0}
                              max={QUANTITY_MAX}
                              name={quantityField(key)}
                              aria-label={
                                size.label
                                  ? t('dishes.sizeQuantity', { dish: dish.name, size: size.label })
                                  : t('dishes.quantity', { dish: dish.name })
                              }
                              value={basket[key] ?? ''}
                              placeholder="0"
                              onChange={(event) => setQuantity(key, event.target.value)}
                            />
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
          </fieldset>
        ))}
        <fieldset>
          <legend>{t('day.legend')}</legend>
          <div className="booking-field">
            <label htmlFor="takeaway-date">{t('day.label')}</label>
            <select
              id="takeaway-date"
              name="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            >
              <option value="">{t('day.choose')}</option>
              {data.days.map((day) => (
                <option key={day.date} value={day.date} disabled={!day.open}>
                  {day.open
                    ? dayOptionText(lang, day.date)
                    : t('day.closed', { date: dayOptionText(lang, day.date) })}
                </option>
              ))}
            </select>
          </div>
        </fieldset>
        <button className="button button--ghost" type="submit">
          {t('day.show')}
        </button>
      </form>

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

      {lines.length > 0 && !tooMany && (
        <DetailsForm lines={lines} date={date} slots={slots} result={result} hydrated={hydrated} />
      )}
    </>
  );
}

function BasketList({ lines }: { lines: BasketLine[] }) {
  const { t } = useTranslation('takeaway');
  return (
    <>
      <ul className="takeaway-lines">
        {lines.map((line) => (
          <li key={line.key}>
            <span>
              {t('basket.line', {
                quantity: line.quantity,
                dish: line.size.label ? `${line.dish.name} (${line.size.label})` : line.dish.name,
              })}
            </span>
            <span>{euros(line.size.cents * line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="takeaway-total">
        <span>{t('basket.total')}</span> <strong>{euros(totalCents(lines))}</strong>
      </p>
    </>
  );
}

type FieldErrors = Partial<Record<GuestContactField | 'time', true>>;

function DetailsForm({
  lines,
  date,
  slots,
  result,
  hydrated,
}: {
  lines: BasketLine[];
  date: string;
  slots: SlotsState & { reload: () => void };
  result: OrderResult | undefined;
  hydrated: boolean;
}) {
  const { t } = useTranslation('takeaway');
  const lang = usePageLang();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const form = useRef<HTMLFormElement>(null);
  const sent = result?.values;
  const [time, setTime] = useState(sent?.time ?? ASAP);
  const [checked, setChecked] = useState<{ errors: FieldErrors; round: number } | null>(null);

  const code = result && !result.outcome.ok ? result.outcome.code : null;
  const refused: FieldErrors = {};
  if (result && !result.outcome.ok && result.outcome.code === 'invalid') {
    for (const [name, messages] of Object.entries(result.outcome.fields)) {
      if (messages?.length && (GUEST_CONTACT_FIELDS as readonly string[]).includes(name)) {
        refused[name as GuestContactField] = true;
      }
      if (messages?.length && name === 'pickup') refused.time = true;
    }
  }
  const errors = checked ? checked.errors : refused;
  const slotRefused = code === 'slot-full' || code === 'not-a-slot';

  const available = slots.state === 'ready' ? slots.slots.filter((slot) => slot.available) : [];
  const chosenTime = time === ASAP || available.some((slot) => slot.time === time) ? time : '';

  // A refused time may have filled up: the day's times are asked again.
  const { reload } = slots;
  useEffect(() => {
    if (slotRefused) reload();
  }, [result, slotRefused, reload]);

  // After an answer or a blocked press, the focus goes to the first thing to fix.
  const round = checked?.round;
  useEffect(() => {
    if (!result && round === undefined) return;
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('#takeaway-alert');
    target?.focus();
  }, [result, round]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const values = new FormData(event.currentTarget);
    const contact: GuestContact = {
      name: String(values.get('name') ?? ''),
      email: String(values.get('email') ?? ''),
      phone: String(values.get('phone') ?? ''),
      notes: String(values.get('notes') ?? ''),
      privacy: values.get('privacy') !== null,
    };
    const found: FieldErrors = { ...checkGuestContact(contact) };
    if (chosenTime === '') found.time = true;
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setChecked({ errors: found, round: (checked?.round ?? 0) + 1 });
    } else {
      setChecked(null);
    }
  }

  function onEdit(name: string) {
    if (!checked?.errors[name as GuestContactField]) return;
    const rest = { ...checked.errors };
    delete rest[name as GuestContactField];
    setChecked({ ...checked, errors: rest });
  }

  const first = (['time', ...GUEST_CONTACT_FIELDS] as const).find((field) => errors[field]);

  const general = result ? generalRefusal(t, result, lang) : null;
  return (
    <Form
      method="post"
      ref={form}
      className="booking-card booking-details"
      noValidate={hydrated}
      aria-labelledby="takeaway-details-title"
      aria-busy={sending || undefined}
      onSubmit={onSubmit}
      onChange={(event) =>
        onEdit((event.nativeEvent.target as HTMLInputElement | null)?.name ?? '')
      }
    >
      <h2 id="takeaway-details-title">{t('details.legend')}</h2>
      {lines.map((line) => (
        <input key={line.key} type="hidden" name={quantityField(line.key)} value={line.quantity} />
      ))}
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="lang" value={lang} />

      <div className="booking-field">
        <label htmlFor="takeaway-time">{t('pickup.label')}</label>
        <select
          id="takeaway-time"
          name="time"
          aria-invalid={errors.time || slotRefused ? true : undefined}
          aria-describedby={[
            'takeaway-time-status',
            errors.time ? 'takeaway-time-error' : null,
            slotRefused ? 'takeaway-alert' : null,
          ]
            .filter(Boolean)
            .join(' ')}
          autoFocus={!hydrated && (first === 'time' || slotRefused) ? true : undefined}
          value={chosenTime}
          onChange={(event) => {
            setTime(event.target.value);
            onEdit('time');
          }}
        >
          <option value={ASAP}>{t('pickup.asap')}</option>
          {slots.state === 'ready' &&
            slots.slots.map((slot) => (
              <option key={slot.time} value={slot.time} disabled={!slot.available}>
                {slot.available
                  ? timeText(lang, slot.time)
                  : t('pickup.full', { time: timeText(lang, slot.time) })}
              </option>
            ))}
        </select>
        <p id="takeaway-time-status" className="booking-status" role="status">
          {slots.state === 'loading' && <span className="spinner spinner--small" aria-hidden />}
          {slotsText(t, slots)}
        </p>
        {slots.state === 'failed' && (
          <button type="button" className="button button--ghost" onClick={slots.reload}>
            {t('pickup.retry')}
          </button>
        )}
        {errors.time && (
          <p id="takeaway-time-error" className="booking-error">
            {t('errors.time')}
          </p>
        )}
      </div>

      <GuestContactFields
        namespace="takeaway"
        idPrefix="takeaway"
        sent={sent}
        errors={errors}
        autoFocus={hydrated || first === 'time' ? undefined : first}
      />

      {general && (
        <RefusalAlert
          namespace="takeaway"
          id="takeaway-alert"
          message={general}
          offerCall={callOffered(code)}
          focus={!hydrated}
        />
      )}
      <p className="takeaway-total" aria-live="polite">
        <span>{t('basket.total')}</span> <strong>{euros(totalCents(lines))}</strong>
      </p>
      <button className="button" type="submit" disabled={sending}>
        {sending && <span className="spinner spinner--small" aria-hidden />}
        {sending ? t('details.sending') : t('details.submit')}
      </button>
    </Form>
  );
}

/** What a refusal says above the button (a field's is told beside it). */
function generalRefusal(t: TFunction<'takeaway'>, result: OrderResult, lang: Lang): string | null {
  const { outcome } = result;
  if (outcome.ok) return null;
  switch (outcome.code) {
    case 'item-unavailable':
      return t('errors.itemUnavailable', { dishes: (result.unavailable ?? []).join(', ') });
    case 'slot-full': {
      const next = outcome.details?.nextTime;
      return next ? t('errors.slotFullNext', { time: timeText(lang, next) }) : t('errors.slotFull');
    }
    case 'not-a-slot':
      return t('errors.notASlot');
    case 'paused':
      return t('errors.paused');
    case 'disabled':
      return t('errors.disabled');
    case 'too-many-pending':
      return t('errors.tooManyPending');
    case 'rate-limited':
      return t('errors.rateLimited');
    case 'failed':
      return t('errors.failed');
    case 'invalid': {
      const named = Object.entries(outcome.fields).filter(([, messages]) => messages?.length);
      const beside = [...GUEST_CONTACT_FIELDS, 'pickup'] as readonly string[];
      return named.length === 0 || named.some(([name]) => !beside.includes(name))
        ? t('errors.invalid')
        : null;
    }
  }
}

const callOffered = (code: string | null) =>
  code === 'rate-limited' ||
  code === 'too-many-pending' ||
  code === 'failed' ||
  code === 'paused' ||
  code === 'disabled';

/** What the times' status line says: loading, the count, or why there is nothing to choose. */
function slotsText(t: TFunction<'takeaway'>, slots: SlotsState): string {
  switch (slots.state) {
    case 'none':
      return t('pickup.chooseDay');
    case 'loading':
      return t('pickup.loading');
    case 'failed':
      return t('pickup.failed');
    case 'ready': {
      const free = slots.slots.filter((slot) => slot.available).length;
      if (slots.slots.length === 0) return t('pickup.none');
      if (free === 0) return t('pickup.allFull');
      const count = t('pickup.available', { count: free });
      return free < slots.slots.length ? `${count}. ${t('pickup.someFull')}` : count;
    }
  }
}
