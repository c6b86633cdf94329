import { useTranslation } from 'react-i18next';
import type { Route } from './+types/contact';
import { publicPageMeta } from '../../seo.ts';
import { loadPageTexts } from '../../site-texts.server.ts';
import { ContactForm } from '../../features/contact/contact-form.tsx';
import { telHref } from '../../../shared/languages.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import { ClosedNotice } from '../../components/opening-hours/closed-notice.tsx';
import { OpeningHoursList } from '../../components/opening-hours/opening-hours-list.tsx';
import { loadVisitorHours } from '../../components/opening-hours/visitor-hours.ts';
import { appServicesContext } from '../../context.ts';
import { pageMessages } from '../../i18n/page-messages.server.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import contactStylesHref from '../../styles/contact.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contactStylesHref }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicPageMeta(matches[0].loaderData, 'contact', '/contact', {
    description: loaderData?.description,
  });

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** Today's opening hours and the page's description in the request's language, read through the server's services. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServicesContext);
  const lang = languageOfRequest(request);
  const [hours, { description }] = await Promise.all([
    loadVisitorHours(services, lang),
    loadPageTexts(services, lang, 'contact'),
  ]);
  return { hours, description, ...pageMessages(request, 'contact') };
}

/** /contact: title, intro, the notice on a closed day, Let's talk, three tiles, the hours, the form. */
export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('contact');
  const { t: common } = useTranslation();
  const { phones, email, address, mapUrl } = useRestaurant();
  const addressLine = `${address.street}, ${address.postalCode} ${address.locality} (${address.region})`;
  return (
    <main id="main" className="page contact-page">
      <header className="contact-intro">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ClosedNotice hours={loaderData.hours} />
        <a className="button" href="#contact-form">
          {t('talk')}
        </a>
      </header>

      <ul className="contact-tiles" aria-label={t('tiles.label')}>
        <li className="contact-tile">
          <h2>{t('tiles.phone')}</h2>
          <a href={telHref(phones.mobile)}>{phones.mobile}</a>
        </li>
        <li className="contact-tile">
          <h2>{t('tiles.email')}</h2>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
        <li className="contact-tile">
          <h2>{t('tiles.address')}</h2>
          <a href={mapUrl} target="_blank" rel="noopener noreferrer">
            {addressLine}
            <span className="visually-hidden"> ({t('tiles.openMaps')})</span>
          </a>
        </li>
      </ul>

      <section className="contact-hours" aria-labelledby="contact-hours-title">
        <h2 id="contact-hours-title">{common('hours.title')}</h2>
        <OpeningHoursList weekly={loaderData.hours.weekly} />
      </section>

      <ContactForm />
    </main>
  );
}
