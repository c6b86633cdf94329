import { useTranslation } from 'react-i18next';
import type { Route } from './+types/about-us';
import { restaurant } from '../../../../content/restaurant.ts';
import { publicPageMeta } from '../../seo.ts';
import { photosBySlot } from '../../components/photo.tsx';
import { AboutBlock } from '../../components/about/about-block.tsx';
import { telHref } from '../../../shared/languages.ts';
import { useRestaurant } from '../../components/use-restaurant.ts';
import aboutStylesHref from '../../styles/about.css?url';
import { pageMessages } from '../../i18n/page-messages.server.ts';
import { appServicesContext } from '../../context.ts';
import { languageOfRequest } from '../../../shared/languages.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'about', '/about-us');

// The first block's picture, the likely LCP, is preloaded by its component (components/photo.tsx).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: aboutStylesHref }];

const ABOUT_SLOTS = ['about-1', 'about-2', 'about-3'] as const;

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/** The page's photos and texts (src/app/i18n/page-messages.server.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const photos = await context.get(appServicesContext).photos(languageOfRequest(request));
  return { photos: photosBySlot(photos, ABOUT_SLOTS), ...pageMessages(request, 'about') };
}

const SERVICES = ['catering', 'takeaway', 'groups'] as const;

/** About-us: three alternating text-and-image blocks, each with a button to /contact. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
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
        photo={photos['about-1']}
        contactLabel={about('experience.cta')}
        priority
      >
        <p>{about('experience.text1', { year: restaurant.foundedYear, place })}</p>
        <p>{about('experience.text2')}</p>
      </AboutBlock>
      <AboutBlock
        id="about-tonnara"
        title={about('tonnara.title')}
        photo={photos['about-2']}
        contactLabel={about('tonnara.cta')}
        imageRight
      >
        <p>{about('tonnara.text1')}</p>
        <p>{about('tonnara.text2')}</p>
      </AboutBlock>
      <AboutBlock
        id="about-services"
        title={about('services.title')}
        photo={photos['about-3']}
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
