// Over 400 lines: its guest form blocks, until the guest form kit of issue 37 (the "guestkit" branch) takes them; the lead removes this line at the merge.
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { telHref } from '../../../shared/languages.ts';
import { dayAndDateText, dayOptionText, timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { GuestContactFields, RefusalAlert } from '../../components/guest-contact.tsx';
import { useRestaurant } from '../../components/use-restaurant.ts';
import {
  bookingFromForm,
  checkBooking,
  FIELDS_WITH_ERRORS,
  partyChoice,
  refusedFieldsOf,
  renderedSlots,
  availabilityUrl,
  type BookingPageData,
  type BookingResult,
  type FieldErrors,
  type FieldWithError,
} from './booking.ts';
import { useHydrated, useSlots, type SlotsState } from '../../components/use-slots.ts';

/**
 * /reservations: the guest chooses a party and a day (a GET form, so the
 * server can fill the times without JavaScript), then a time and their
 * details (a POST form to the page's action). With JavaScript the times load
 * as the choice changes, and the page's own checks speak before the server's.
 */
export function BookingPage({
  data,
  result,
}: {
  data: BookingPageData;
  result: BookingResult | undefined;
}) {
  const { t } = useTranslation('reservations');
  return (
    <main id="main" className="page booking-page">
      <header className="booking-intro">
        <h1>{t('title')}</h1>
        {!result?.outcome.ok && <p>{t('intro')}</p>}
      </header>
      {result?.outcome.ok ? (
        <BookingDone result={result} />
      ) : (
        <BookingForms data={data} result={result} />
      )}
    </main>
  );
}

function BookingDone({ result }: { result: BookingResult }) {
  const { t } = useTranslation('reservations');
  const lang = usePageLang();
  const heading = useRef<HTMLHeadingElement>(null);
  // A booking sent from this page replaced its form: the guest's focus goes to what happened.
  useEffect(() => heading.current?.focus(), []);
  const { outcome, values } = result;
  const confirmed = outcome.ok && outcome.status === 'confirmed';
  const words = {
    name: values.name.trim(),
    people: t('people', { count: Number(values.party) }),
    date: dayAndDateText(lang, values.date),
    time: timeText(lang, values.time),
  };
  return (
    <section className="booking-card booking-done" aria-labelledby="booking-done-title">
      {/* Without JavaScript the browser gives the focus (autofocus); with it, the effect above. */}
      <h2 id="booking-done-title" tabIndex={-1} ref={heading} autoFocus>
        {confirmed ? t('done.confirmedTitle') : t('done.pendingTitle')}
      </h2>
      <p>{confirmed ? t('done.confirmed', words) : t('done.pending', words)}</p>
      <Link to="/reservations" className="button button--ghost">
        {t('done.another')}
      </Link>
    </section>
  );
}

function BookingForms({ data, result }: { data: BookingPageData; result?: BookingResult }) {
  const { t } = useTranslation('reservations');
  const lang = usePageLang();
  const { phones } = useRestaurant();
  const hydrated = useHydrated();
  const [party, setParty] = useState(() => partyChoice(data.party, data.maxParty));
  const [date, setDate] = useState(data.date ?? '');
  const partyNumber = party === '' ? null : Number(party);
  const large = partyNumber !== null && partyNumber > data.maxParty;
  const ready = partyNumber !== null && !large && date !== '';
  const slots = useSlots(ready ? availabilityUrl(partyNumber, date) : null, renderedSlots(data));

  return (
    <>
      {/*
        Without JavaScript the browser sends it, and the server answers with
        the times. With it the times follow the choice, and the button asks for
        them again in place. It stays either way: taken away once the page
        hydrates, it would move what is below it.
      */}
      <form
        method="get"
        action="/reservations"
        className="booking-card booking-choice"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          slots.reload();
        }}
      >
        <input type="hidden" name="lng" value={lang} />
        <fieldset>
          <legend>{t('choice.legend')}</legend>
          <div className="booking-field">
            <label htmlFor="booking-party">{t('choice.party')}</label>
            <select
              id="booking-party"
              name="party"
              required
              value={party}
              onChange={(event) => setParty(event.target.value)}
            >
              <option value="">{t('choice.choose')}</option>
              {Array.from({ length: data.maxParty }, (_, index) => (
                <option key={index + 1} value={index + 1}>
                  {t('people', { count: index + 1 })}
                </option>
              ))}
              <option value={data.maxParty + 1}>
                {t('choice.more', { count: data.maxParty })}
              </option>
            </select>
          </div>
          <div aria-live="polite">
            {large && (
              <div className="booking-notice">
                <p>{t('large', { count: data.maxParty })}</p>
                <a className="button" href={telHref(phones.mobile)}>
                  {t('call', { phone: phones.mobile })}
                </a>
              </div>
            )}
          </div>
          {!large && (
            <div className="booking-field">
              <label htmlFor="booking-date">{t('choice.date')}</label>
              <select
                id="booking-date"
                name="date"
                required
                value={date}
                onChange={(event) => setDate(event.target.value)}
              >
                <option value="">{t('choice.choose')}</option>
                {data.days.map((day) => (
                  <option key={day.date} value={day.date} disabled={!day.open}>
                    {day.open
                      ? dayOptionText(lang, day.date)
                      : t('choice.closed', { date: dayOptionText(lang, day.date) })}
                  </option>
                ))}
              </select>
            </div>
          )}
        </fieldset>
        <button className="button button--ghost" type="submit">
          {t('choice.show')}
        </button>
      </form>
      {/* Without JavaScript a post whose address lacks the choice has no form to be told in. */}
      {!hydrated && !ready && result && !result.outcome.ok && (
        <RefusalAlert
          namespace="reservations"
          id="booking-alert"
          message={generalRefusal(t, result.outcome, true) ?? t('errors.invalid')}
          offerCall={callOffered(result.outcome.code)}
          focus
        />
      )}
      {ready && (
        <DetailsForm
          party={partyNumber}
          date={date}
          slots={slots}
          result={result}
          hydrated={hydrated}
        />
      )}
    </>
  );
}

function DetailsForm({
  party,
  date,
  slots,
  result,
  hydrated,
}: {
  party: number;
  date: string;
  slots: SlotsState & { reload: () => void };
  result: BookingResult | undefined;
  hydrated: boolean;
}) {
  const { t } = useTranslation('reservations');
  const lang = usePageLang();
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const form = useRef<HTMLFormElement>(null);
  const sent = result?.values;
  const [time, setTime] = useState(sent?.time ?? '');
  const [checked, setChecked] = useState<{ errors: FieldErrors; round: number } | null>(null);
  // Fields changed since the server's answer: their refusal no longer applies.
  const [edited, setEdited] = useState<{ result?: BookingResult; fields: Set<string> }>({
    fields: new Set(),
  });

  const refused = result ? refusedFieldsOf(result.outcome) : { fields: {}, other: false };
  const editedNow = edited.result === result ? edited.fields : new Set<string>();
  const errors: FieldErrors = checked
    ? checked.errors
    : Object.fromEntries(Object.entries(refused.fields).filter(([field]) => !editedNow.has(field)));
  const code = result && !result.outcome.ok ? result.outcome.code : null;
  // The refused time stays marked until the guest picks another.
  const slotRefused = (code === 'slot-full' || code === 'not-a-slot') && !editedNow.has('time');
  const general = result ? generalRefusal(t, result.outcome, refused.other) : null;
  const offerCall = callOffered(code);

  const available = slots.state === 'ready' ? slots.slots.filter((slot) => slot.available) : [];
  const chosenTime = available.some((slot) => slot.time === time) ? time : '';

  // A refused slot may have filled up: its day's times are asked again.
  const { reload } = slots;
  useEffect(() => {
    if (slotRefused) reload();
  }, [result, slotRefused, reload]);

  // After an answer or a blocked press, the focus goes to the first thing to fix
  // (once: not again when the form comes back with an older answer).
  const round = checked?.round;
  const focusedFor = useRef({ result, round });
  useEffect(() => {
    if (focusedFor.current.result === result && focusedFor.current.round === round) return;
    focusedFor.current = { result, round };
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('#booking-alert');
    target?.focus();
  }, [result, round]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const found = checkBooking(bookingFromForm(new FormData(event.currentTarget)).values);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      setChecked({ errors: found, round: (checked?.round ?? 0) + 1 });
    } else {
      setChecked(null);
    }
  }

  function onEdit(name: string) {
    if (checked?.errors[name as FieldWithError]) {
      const rest = { ...checked.errors };
      delete rest[name as FieldWithError];
      setChecked({ ...checked, errors: rest });
    }
    setEdited({ result, fields: new Set(editedNow).add(name) });
  }

  /** The first field to fix gets the browser's focus when the server renders the answer (no JavaScript). */
  const first = FIELDS_WITH_ERRORS.find((field) => errors[field]);

  const people = t('people', { count: party });
  const timeStatus = slotsText(t, slots, people);
  return (
    <Form
      method="post"
      ref={form}
      className="booking-card booking-details"
      noValidate={hydrated}
      aria-labelledby="booking-details-title"
      aria-busy={sending || undefined}
      onSubmit={onSubmit}
      onChange={(event) =>
        onEdit((event.nativeEvent.target as HTMLInputElement | null)?.name ?? '')
      }
    >
      <h2 id="booking-details-title">{t('details.legend')}</h2>
      <p className="booking-summary">
        {t('details.summary', { people, date: dayAndDateText(lang, date) })}
      </p>
      <input type="hidden" name="party" value={party} />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="lang" value={lang} />

      <div className="booking-field">
        <label htmlFor="booking-time">{t('details.time')}</label>
        <select
          id="booking-time"
          aria-invalid={errors.time || slotRefused ? true : undefined}
          aria-describedby={[
            'booking-time-status',
            errors.time ? 'booking-time-error' : null,
            slotRefused ? 'booking-time-refused' : null,
          ]
            .filter(Boolean)
            .join(' ')}
          autoFocus={!hydrated && (first === 'time' || slotRefused) ? true : undefined}
          name="time"
          required
          // Kept enabled while the times load, so that the focus it may hold stays with it.
          disabled={slots.state === 'failed' || (slots.state === 'ready' && available.length === 0)}
          value={chosenTime}
          onChange={(event) => setTime(event.target.value)}
        >
          <option value="">
            {slots.state === 'loading' ? t('slots.loading') : t('details.choose')}
          </option>
          {slots.state === 'ready' &&
            slots.slots.map((slot) => (
              <option key={slot.time} value={slot.time} disabled={!slot.available}>
                {slot.available
                  ? timeText(lang, slot.time)
                  : t('slots.fullOption', { time: timeText(lang, slot.time) })}
              </option>
            ))}
        </select>
        <p id="booking-time-status" className="booking-status" role="status">
          {slots.state === 'loading' && <span className="spinner spinner--small" aria-hidden />}
          {timeStatus}
        </p>
        {slots.state === 'failed' && (
          <button type="button" className="button button--ghost" onClick={slots.reload}>
            {t('slots.retry')}
          </button>
        )}
        {slotRefused && (
          <p id="booking-time-refused" className="booking-error">
            {code === 'slot-full' ? t('errors.slotFull') : t('errors.notASlot')}
          </p>
        )}
        {errors.time && (
          <p id="booking-time-error" className="booking-error">
            {t('errors.time')}
          </p>
        )}
      </div>

      <GuestContactFields
        namespace="reservations"
        idPrefix="booking"
        sent={sent}
        errors={errors}
        autoFocus={hydrated || first === 'time' ? undefined : first}
      />

      {general && (
        <RefusalAlert
          namespace="reservations"
          id="booking-alert"
          message={general}
          offerCall={offerCall}
        />
      )}
      <button className="button" type="submit" disabled={sending}>
        {sending && <span className="spinner spinner--small" aria-hidden />}
        {sending ? t('details.sending') : t('details.submit')}
      </button>
    </Form>
  );
}

/**
 * What a refusal says above the button (the refusals of a field or a time
 * are told beside it): `other` when the server refused something the form
 * has no field for.
 */
function generalRefusal(
  t: TFunction<'reservations'>,
  outcome: BookingResult['outcome'],
  other: boolean,
): string | null {
  if (outcome.ok) return null;
  switch (outcome.code) {
    case 'rate-limited':
      return t('errors.rateLimited');
    case 'failed':
      return t('errors.failed');
    case 'party-too-large':
      return t('errors.partyTooLarge');
    case 'too-many-pending':
      return t('errors.tooManyPending');
    case 'slot-full':
      return other ? t('errors.slotFull') : null;
    case 'not-a-slot':
      return other ? t('errors.notASlot') : null;
    case 'invalid':
      return other ? t('errors.invalid') : null;
  }
}

const callOffered = (code: string | null) =>
  code === 'rate-limited' ||
  code === 'failed' ||
  code === 'party-too-large' ||
  code === 'too-many-pending';

/** What the times' status line says: loading, the count, or why there is nothing to choose. */
function slotsText(t: TFunction<'reservations'>, slots: SlotsState, people: string): string {
  switch (slots.state) {
    case 'none':
      return '';
    case 'loading':
      return t('slots.loading');
    case 'failed':
      return t('slots.failed');
    case 'ready': {
      const free = slots.slots.filter((slot) => slot.available).length;
      if (slots.slots.length === 0) return t('slots.none');
      if (free === 0) return t('slots.full', { people });
      const count = t('slots.available', { count: free });
      return free < slots.slots.length ? `${count}. ${t('slots.someFull')}` : count;
    }
  }
}
