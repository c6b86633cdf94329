import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import { toLang } from '../../../shared/languages.ts';
import type { CancellationView } from '../../context.ts';
import { dayAndDateText, timeText } from '../../components/opening-hours/format.ts';
import { telHref } from '../../../shared/languages.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';

/**
 * /reservations/cancel?token=…, the page a guest's e-mail links to: it shows
 * the booking and one button. Opening the page changes nothing (mail
 * scanners open links); only the button's post cancels.
 */
export function CancelPage({
  token,
  booking,
  answered,
  rateLimited = false,
}: {
  token: string;
  /** The booking the link names, as it is now (after a press, as the press left it). */
  booking: CancellationView | null;
  /** The button was pressed (and `booking` is its answer). */
  answered: boolean;
  /** The press was refused: this address pressed too often (the booking is unchanged). */
  rateLimited?: boolean;
}) {
  const { t } = useTranslation('reservations');
  return (
    <main id="main" className="page booking-page">
      <header className="booking-intro">
        <h1>{t('cancel.title')}</h1>
      </header>
      {rateLimited ? (
        <Outcome title={t('cancel.rateLimitedTitle')} focus={answered}>
          <p>{t('errors.rateLimited')}</p>
          <Help />
        </Outcome>
      ) : !booking || booking.status === 'no-show' ? (
        <Outcome title={t('cancel.invalidTitle')} focus={answered}>
          <p>{t('cancel.invalid')}</p>
          <Help />
        </Outcome>
      ) : booking.status === 'cancelled' ? (
        <Outcome title={t('cancel.doneTitle')} focus={answered}>
          <p>{t('cancel.done')}</p>
          <BookingLine booking={booking} />
        </Outcome>
      ) : booking.status === 'declined' ? (
        <Outcome title={t('cancel.declinedTitle')} focus={answered}>
          <p>{t('cancel.declined')}</p>
          <Help />
        </Outcome>
      ) : (
        <CancelForm token={token} booking={booking} />
      )}
    </main>
  );
}

function BookingLine({ booking }: { booking: CancellationView }) {
  const { t, i18n } = useTranslation('reservations');
  const lang = toLang(i18n.language) ?? booking.lang;
  return (
    <p className="booking-summary">
      {t('cancel.booking', {
        people: t('people', { count: booking.party }),
        name: booking.name,
        date: dayAndDateText(lang, booking.date),
        time: timeText(lang, booking.time),
      })}
    </p>
  );
}

function Help() {
  const { t } = useTranslation('reservations');
  const { phones } = useRestaurant();
  return (
    <>
      <p>{t('cancel.help')}</p>
      <p className="booking-actions">
        <a className="button" href={telHref(phones.mobile)}>
          {t('call', { phone: phones.mobile })}
        </a>
        <Link className="button button--ghost" to="/reservations">
          {t('cancel.book')}
        </Link>
      </p>
    </>
  );
}

/** What the link or the press came to; after a press the focus moves to it. */
function Outcome({
  title,
  focus,
  children,
}: {
  title: string;
  focus: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="booking-card" aria-labelledby="cancel-outcome-title">
      <h2 id="cancel-outcome-title" ref={heading} tabIndex={-1} autoFocus={focus || undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function CancelForm({ token, booking }: { token: string; booking: CancellationView }) {
  const { t } = useTranslation('reservations');
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <Form method="post" className="booking-card" aria-busy={sending || undefined}>
      <BookingLine booking={booking} />
      <p>{t('cancel.question')}</p>
      <input type="hidden" name="token" value={token} />
      <button className="button" type="submit" disabled={sending}>
        {sending && <span className="spinner spinner--small" aria-hidden />}
        {sending ? t('cancel.cancelling') : t('cancel.button')}
      </button>
    </Form>
  );
}
