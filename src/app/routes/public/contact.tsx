import { useTranslation } from 'react-i18next';
import type { Route } from './+types/contact';
import { publicPageMeta } from '../../seo.ts';
import { ContactForm } from '../../features/contact/contact-form.tsx';
import { telHref } from '../../components/home/tel-href.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import contactStylesHref from '../../styles/contact.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contactStylesHref }];

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'contact', '/contact');

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** /contact: title, intro, Let's talk, three tiles, the form. */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const { phones, email, address, mapUrl } = useRestaurant();
  const addressLine = `${address.street}, ${address.postalCode} ${address.locality} (${address.region})`;
  return (
    <main id="main" className="page contact-page">
      <header className="contact-intro">
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
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

      <ContactForm />
    </main>
  );
}
