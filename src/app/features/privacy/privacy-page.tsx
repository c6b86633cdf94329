import { useTranslation } from 'react-i18next';
import { useRestaurant } from '../../components/use-restaurant.ts';

/**
 * /privacy: what the restaurant keeps about its guests, in plain words
 * (CONTRACT.md part four, "Guests"; docs/security.md item 53): the details
 * given with bookings, orders and event requests, the record of visits, the
 * staff's notes (never shared), how long (the owner's retention period,
 * counted from the last visit or order), the mails, how to ask for a copy or
 * erasure, and the full policy. Text only: no script of its own.
 */
export function PrivacyPage({ retentionMonths }: { retentionMonths: number }) {
  const { t } = useTranslation('privacy');
  const { name, email, privacyPolicyUrl } = useRestaurant();
  const sections = [
    ['contact', t('contact')],
    ['visits', t('visits')],
    ['notes', t('notes')],
    ['retention', t('retention', { count: retentionMonths })],
    ['mails', t('mails')],
  ] as const;
  return (
    <main id="main" className="page privacy-page">
      <header>
        <h1>{t('title')}</h1>
        <p>{t('intro', { name })}</p>
      </header>
      {sections.map(([key, text]) => (
        <section key={key} aria-labelledby={`privacy-${key}`}>
          <h2 id={`privacy-${key}`}>{t(`${key}Title`)}</h2>
          <p>{text}</p>
        </section>
      ))}
      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t('rightsTitle')}</h2>
        <p>
          {t('rights')} <a href={`mailto:${email}`}>{email}</a>
        </p>
        <p>
          {t('policy')}{' '}
          <a href={privacyPolicyUrl} rel="noopener noreferrer">
            {t('policyLink')}
          </a>
        </p>
      </section>
    </main>
  );
}
