import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { telHref } from '../../../shared/languages.ts';
import { dayAndDateText, dayOptionText, timeText } from '../../components/opening-hours/format.ts';
import { usePageLang } from '../../i18n/use-page-lang.ts';
import { RefusalAlert } from '../../guest-kit/guest-contact.tsx';
import { DoneCard, GuestPage } from '../../guest-kit/guest-page-parts.tsx';
import { useHydrated, useSlots } from '../../guest-kit/use-slots.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import { BookingDetailsForm, bookingRefusal } from './booking-details-form.tsx';
import {
  partyChoice,
  renderedSlots,
  availabilityUrl,
  type BookingPageData,
  type BookingResult,
} from './booking.ts';

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
    <GuestPage
      className="booking-page"
      title={t('title')}
      intro={!result?.outcome.ok && <p>{t('intro')}</p>}
    >
      {result?.outcome.ok ? (
        <BookingDone result={result} />
      ) : (
        <BookingForms data={data} result={result} />
      )}
    </GuestPage>
  );
}

function BookingDone({ result }: { result: BookingResult }) {
  const { t } = useTranslation('reservations');
  const lang = usePageLang();
  const { outcome, values } = result;
  const confirmed = outcome.ok && outcome.status === 'confirmed';
  const words = {
    name: values.name.trim(),
    people: t('people', { count: Number(values.party) }),
    date: dayAndDateText(lang, values.date),
    time: timeText(lang, values.time),
  };
  return (
    <DoneCard
      id="booking-done-title"
      title={confirmed ? t('done.confirmedTitle') : t('done.pendingTitle')}
    >
      <p>{confirmed ? t('done.confirmed', words) : t('done.pending', words)}</p>
      <Link to="/reservations" className="button button--ghost">
        {t('done.another')}
      </Link>
    </DoneCard>
  );
}

function BookingForms({ data, result }: { data: BookingPageData; result?: BookingResult }) {
  const { t } = useTranslation('reservations');
  const lang = usePageLang();
  const { phones } = useRestaurant();
  const hydrated = useHydrated();
  const [party, setParty] = useState(() => partyChoice(data.party, data.maxParty));
  const [date, setDate] = useState(data.date ?? '');
  const [area, setArea] = useState(data.area ? String(data.area) : '');
  const areaNumber = area === '' ? null : Number(area);
  const partyNumber = party === '' ? null : Number(party);
  const large = partyNumber !== null && partyNumber > data.maxParty;
  const ready = partyNumber !== null && !large && date !== '';
  const slots = useSlots(
    ready ? availabilityUrl(partyNumber, date, areaNumber) : null,
    renderedSlots(data),
  );
  // Without JavaScript a post whose address lacks the choice has no form to be told in.
  const unplaced =
    !hydrated && !ready && result && !result.outcome.ok
      ? bookingRefusal(t, result.outcome, true)
      : null;

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
          {!large && data.areas && data.areas.length > 0 && (
            <div className="booking-field">
              <label htmlFor="booking-area">{t('choice.area')}</label>
              <select
                id="booking-area"
                name="area"
                value={area}
                onChange={(event) => setArea(event.target.value)}
              >
                <option value="">{t('choice.anyArea')}</option>
                {data.areas.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choice.name}
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
      {unplaced && (
        <RefusalAlert
          namespace="reservations"
          id="booking-alert"
          message={unplaced.message ?? t('errors.invalid')}
          offerCall={unplaced.offerCall}
          focus
        />
      )}
      {ready && (
        <BookingDetailsForm
          party={partyNumber}
          date={date}
          area={areaNumber}
          slots={slots}
          result={result}
        />
      )}
    </>
  );
}
