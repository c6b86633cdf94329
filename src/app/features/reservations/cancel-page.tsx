import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toLang } from '../../../shared/languages.ts';
import type { CancellationView } from '../../context.ts';
import { dayAndDateText, timeText } from '../../components/opening-hours/format.ts';
import { telHref } from '../../../shared/languages.ts';
import { CancelByLinkForm, LinkOutcome } from '../../components/token-link-page.tsx';
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
    <main id="main" className="page guest-page booking-page">
      <header className="booking-intro">
        <h1>{t('cancel.title')}</h1>
      </header>
      {rateLimited ? (
        <LinkOutcome title={t('cancel.rateLimitedTitle')} focus={answered}>
          <p>{t('errors.rateLimited')}</p>
          <Help />
        </LinkOutcome>
      ) : !booking || booking.status === 'no-show' ? (
        <LinkOutcome title={t('cancel.invalidTitle')} focus={answered}>
          <p>{t('cancel.invalid')}</p>
          <Help />
        </LinkOutcome>
      ) : booking.status === 'cancelled' ? (
        <LinkOutcome title={t('cancel.doneTitle')} focus={answered}>
          <p>{t('cancel.done')}</p>
          <BookingLine booking={booking} />
        </LinkOutcome>
      ) : booking.status === 'declined' ? (
        <LinkOutcome title={t('cancel.declinedTitle')} focus={answered}>
          <p>{t('cancel.declined')}</p>
          <Help />
        </LinkOutcome>
      ) : (
        <CancelByLinkForm
          token={token}
          className="booking-card"
          label={t('cancel.button')}
          sendingLabel={t('cancel.cancelling')}
        >
          <BookingLine booking={booking} />
          <p>{t('cancel.question')}</p>
        </CancelByLinkForm>
      )}
    </main>
  );
}

/** The booking a guest's link names, in one line (the cancel and confirm pages). */
export function BookingLine({ booking }: { booking: CancellationView }) {
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

/** Call the restaurant, or book again: what a guest can do when a link no longer works. */
export function Help() {
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
