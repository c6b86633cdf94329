import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/about-us';
import { publicPageMeta } from '../../seo.ts';
import { photosBySlot } from '../../components/photo.tsx';
import { AboutBlock } from '../../components/about/about-block.tsx';
import { telHref } from '../../../shared/languages.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import aboutStylesHref from '../../styles/about.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';
import { appServicesContext } from '../../context.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import { splitLines } from '../../../shared/lists.ts';
import { loadPageTexts } from '../../site-texts.server.ts';
import { useSiteText } from '../../site-texts.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicPageMeta(matches[0].loaderData, 'about', '/about-us', {
    description: loaderData?.description,
  });

// The first block's picture, the likely LCP, is preloaded by its component (components/photo.tsx).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: aboutStylesHref }];

const ABOUT_SLOTS = ['about-1', 'about-2', 'about-3'] as const;

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The owner's photos and texts, and the page's own from the locale files (src/app/i18n/page-messages.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServicesContext);
  const lang = languageOfRequest(request);
  const [photos, texts] = await Promise.all([
    services.photos(lang),
    loadPageTexts(services, lang, 'about'),
  ]);
  return { photos: photosBySlot(photos, ABOUT_SLOTS), ...texts, ...pageMessages(request, 'about') };
}

/** About-us: three alternating text-and-image blocks, each with a button to /contact (SPEC.md); the services block also calls the restaurant and links to /events. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  const { t } = useTranslation();
  const { t: about } = useTranslation('about');
  const text = useSiteText();
  const { phones } = useRestaurant();
  return (
    <main id="main" className="page about">
      <header className="about__header">
        <h1>{t('pages.about')}</h1>
        <p className="about__intro">{text('about.intro')}</p>
      </header>
      <AboutBlock
        id="about-experience"
        title={text('about.experience.title')}
        photo={photos['about-1']}
        actionLabel={about('experience.cta')}
        priority
      >
        <p>{text('about.experience.text1')}</p>
        <p>{text('about.experience.text2')}</p>
      </AboutBlock>
      <AboutBlock
        id="about-tonnara"
        title={text('about.tonnara.title')}
        photo={photos['about-2']}
        actionLabel={about('tonnara.cta')}
        imageRight
      >
        <p>{text('about.tonnara.text1')}</p>
        <p>{text('about.tonnara.text2')}</p>
      </AboutBlock>
      <AboutBlock
        id="about-services"
        title={text('about.services.title')}
        photo={photos['about-3']}
        actionLabel={about('services.cta')}
        actions={
          <>
            <a className="button" href={telHref(phones.mobile)}>
              {about('services.call')}
            </a>
            <Link className="button button--ghost" to="/events">
              {about('services.events')}
            </Link>
          </>
        }
      >
        <p>{text('about.services.text')}</p>
        <ul className="about-block__list">
          {splitLines(text('about.services.items')).map((service, index) => (
            <li key={`${index}-${service}`}>{service}</li>
          ))}
        </ul>
        <p className="about-block__closing">{text('about.services.closing')}</p>
      </AboutBlock>
    </main>
  );
}
