import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { telHref } from '../../../shared/languages.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import { DoneCard, GuestPage } from '../../guest-kit/guest-page-parts.tsx';
import { InquiryForm } from './inquiry-form.tsx';
import type { EventsPageData, InquiryResult, InquiryValues } from './inquiry.ts';

/**
 * /events: the guest asks for an event (a baptism, a wedding…) in one POST
 * form to the page's action, which works without JavaScript. With it the
 * page's own checks speak before the server's, and a date inside a closure
 * is refused as soon as it is chosen.
 */
export function EventsPage({
  data,
  result,
}: {
  data: EventsPageData;
  result: InquiryResult | undefined;
}) {
  const { t } = useTranslation('events');
  return (
    <GuestPage
      className="events-page"
      title={t('title')}
      intro={!result?.outcome.ok && <p>{t('intro')}</p>}
    >
      {result?.outcome.ok ? (
        <InquiryDone values={result.values} />
      ) : (
        <InquiryForm data={data} result={result} />
      )}
    </GuestPage>
  );
}

function InquiryDone({ values }: { values: InquiryValues }) {
  const { t } = useTranslation('events');
  const { phones } = useRestaurant();
  return (
    <DoneCard id="events-done-title" title={t('done.title')}>
      <p>{t('done.received', { name: values.name.trim() })}</p>
      <p>{t('done.mail')}</p>
      <p>{t('done.reply')}</p>
      <p>{t('done.call')}</p>
      <a className="button" href={telHref(phones.mobile)}>
        {t('call', { phone: phones.mobile })}
      </a>
      <Link to="/events" className="button button--ghost">
        {t('done.another')}
      </Link>
    </DoneCard>
  );
}
