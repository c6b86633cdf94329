import { useTranslation } from 'react-i18next';
import { CancelByLinkForm, LinkOutcome } from '../../components/token-link-page.tsx';

/** What the stop link's page shows: the question, or what the link or the press came to. */
export type ReviewStopState = 'asking' | 'stopped' | 'invalid' | 'rate-limited';

/**
 * /reviews/stop?token=…, the page a review mail's stop link opens: one
 * button. Opening the page changes nothing (mail scanners open links); only
 * the button's post stops the requests, for good.
 */
export function ReviewStopPage({
  token,
  state,
  answered,
}: {
  token: string;
  state: ReviewStopState;
  /** The button was pressed (`state` is its answer): the focus moves to it. */
  answered: boolean;
}) {
  const { t } = useTranslation('reservations');
  return (
    <main id="main" className="page guest-page booking-page">
      <header className="booking-intro">
        <h1>{t('reviewStop.title')}</h1>
      </header>
      {state === 'asking' ? (
        <CancelByLinkForm
          token={token}
          className="booking-card"
          label={t('reviewStop.button')}
          sendingLabel={t('reviewStop.sending')}
        >
          <p>{t('reviewStop.question')}</p>
        </CancelByLinkForm>
      ) : state === 'stopped' ? (
        <LinkOutcome title={t('reviewStop.doneTitle')} focus={answered}>
          <p>{t('reviewStop.done')}</p>
        </LinkOutcome>
      ) : state === 'rate-limited' ? (
        <LinkOutcome title={t('reviewStop.rateLimitedTitle')} focus={answered}>
          <p>{t('reviewStop.rateLimited')}</p>
        </LinkOutcome>
      ) : (
        <LinkOutcome title={t('reviewStop.invalidTitle')} focus={answered}>
          <p>{t('reviewStop.invalid')}</p>
        </LinkOutcome>
      )}
    </main>
  );
}
