import { useTranslation } from 'react-i18next';
import type { Route } from './+types/about-us';
import { restaurant } from '../../../../content/restaurant.ts';
import { publicPageMeta } from '../../seo.ts';
import { preloadImage } from '../../components/responsive-image.tsx';
import { ABOUT_IMAGE_SIZES, AboutBlock } from '../../components/about/about-block.tsx';
import { telHref } from '../../../shared/languages.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import experienceImage from '../../../../content/images/about-experience.svg?responsive';
import tonnaraImage from '../../../../content/images/about-tonnara.svg?responsive';
import servicesImage from '../../../../content/images/about-services.svg?responsive';
import aboutStylesHref from '../../styles/about.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'about', '/about-us');

// The first block's image is in view on arrival on most screens: its likely LCP.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: aboutStylesHref },
  preloadImage(experienceImage, ABOUT_IMAGE_SIZES),
];

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The page's texts (src/app/i18n/page-messages.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, 'about');
}

const SERVICES = ['catering', 'takeaway', 'groups'] as const;

/** About-us: three alternating text-and-image blocks, each with a button to /contact. */
export default function Page() {
  const { t } = useTranslation();
  const { t: about } = useTranslation('about');
  const { address, phones } = useRestaurant();
  const place = address.locality;
  return (
    <main id="main" className="page about">
      <header className="about__header">
        <h1>{t('pages.about')}</h1>
        <p className="about__intro">{about('intro')}</p>
      </header>
      <AboutBlock
        id="about-experience"
        title={about('experience.title')}
        image={experienceImage}
        imageAlt={about('experience.imageAlt')}
        contactLabel={about('experience.cta')}
        priority
      >
        <p>{about('experience.text1', { year: restaurant.foundedYear, place })}</p>
        <p>{about('experience.text2')}</p>
      </AboutBlock>
      <AboutBlock
        id="about-tonnara"
        title={about('tonnara.title')}
        image={tonnaraImage}
        imageAlt={about('tonnara.imageAlt')}
        contactLabel={about('tonnara.cta')}
        imageRight
      >
        <p>{about('tonnara.text1')}</p>
        <p>{about('tonnara.text2')}</p>
      </AboutBlock>
      <AboutBlock
        id="about-services"
        title={about('services.title')}
        image={servicesImage}
        imageAlt={about('services.imageAlt')}
        contactLabel={about('services.cta')}
        actions={
          <a className="button" href={telHref(phones.mobile)}>
            {about('services.call')}
          </a>
        }
      >
        <p>{about('services.text')}</p>
        <ul className="about-block__list">
          {SERVICES.map((key) => (
            <li key={key}>{about(`services.items.${key}`)}</li>
          ))}
        </ul>
        <p className="about-block__closing">{about('services.closing')}</p>
      </AboutBlock>
    </main>
  );
}
