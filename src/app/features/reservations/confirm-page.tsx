import { useTranslation } from 'react-i18next';
import type { AttendanceView } from '../../context.ts';
import { CancelByLinkForm, LinkOutcome } from '../../components/token-link-page.tsx';
import { BookingLine, Help } from './cancel-page.tsx';

/**
 * /reservations/confirm?token=…, the page the reminder's "I'll be there"
 * links to: it shows the booking and one button. Opening the page changes
 * nothing (mail scanners open links); only the button's post records that
 * the guest is coming.
 */
export function ConfirmPage({
  token,
  booking,
  answered,
  rateLimited = false,
}: {
  token: string;
  /** The booking the link names, as it is now (after a press, as the press left it). */
  booking: AttendanceView | null;
  /** The button was pressed (and `booking` is its answer). */
  answered: boolean;
  /** The press was refused: this address pressed too often (nothing recorded). */
  rateLimited?: boolean;
}) {
  const { t } = useTranslation('reservations');
  return (
    <main id="main" className="page guest-page booking-page">
      <header className="booking-intro">
        <h1>{t('confirm.title')}</h1>
      </header>
      {rateLimited ? (
        <LinkOutcome title={t('cancel.rateLimitedTitle')} focus={answered}>
          <p>{t('errors.rateLimited')}</p>
          <Help />
        </LinkOutcome>
      ) : !booking ? (
        <LinkOutcome title={t('cancel.invalidTitle')} focus={answered}>
          <p>{t('confirm.invalid')}</p>
          <Help />
        </LinkOutcome>
      ) : booking.status !== 'confirmed' ? (
        <LinkOutcome title={t('confirm.notConfirmedTitle')} focus={answered}>
          <p>{t('confirm.notConfirmed')}</p>
          <Help />
        </LinkOutcome>
      ) : booking.guestConfirmedAt ? (
        <LinkOutcome
          title={t(answered ? 'confirm.doneTitle' : 'confirm.alreadyTitle')}
          focus={answered}
        >
          <p>{t(answered ? 'confirm.done' : 'confirm.already')}</p>
          <BookingLine booking={booking} />
        </LinkOutcome>
      ) : (
        <CancelByLinkForm
          token={token}
          className="booking-card"
          label={t('confirm.button')}
          sendingLabel={t('confirm.sending')}
        >
          <BookingLine booking={booking} />
          <p>{t('confirm.question')}</p>
        </CancelByLinkForm>
      )}
    </main>
  );
}
