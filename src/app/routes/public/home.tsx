import { useRouteLoaderData } from 'react-router';
import type { Route } from './+types/home';
import type { RootData } from '../../root.tsx';
import { publicPageMeta } from '../../seo.ts';
import { fallbackSrc, photosBySlot } from '../../components/photo.tsx';
import { HeroSection } from '../../components/home/hero-section.tsx';
import { GALLERY_SLOTS, GalleryStrip } from '../../components/home/gallery-strip.tsx';
import { LocationSection } from '../../components/home/location-section.tsx';
import { GRID_SLOTS, PhotoGrid } from '../../components/home/photo-grid.tsx';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { ExperienceSection } from '../../components/home/experience-section.tsx';
import { MapSection } from '../../components/map-section.tsx';
import { DailyMenuBlock } from '../../components/home/daily-menu-block.tsx';
import { appServicesContext } from '../../context.ts';
import { pageMessages } from '../../i18n/page-messages.server.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import { restaurantJsonLd, serializeJsonLd } from '../../structured-data.ts';
import { loadPageTexts } from '../../site-texts.server.ts';
import { restDaysText } from '../../components/opening-hours/format.ts';
import {
  loadVisitorHours,
  type VisitorHours,
} from '../../components/opening-hours/visitor-hours.ts';
import homeStylesHref from '../../styles/home.css?url';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicPageMeta(matches[0].loaderData, 'home', '/', {
    description: loaderData?.description,
    more: (i18n) => loaderData && restDaysText(i18n, loaderData.hours.weekly),
  });

// The hero picture, the LCP element, is preloaded by its component (components/photo.tsx).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: homeStylesHref }];

const HOME_SLOTS = ['hero', ...GALLERY_SLOTS, ...GRID_SLOTS, 'location', 'experience'] as const;

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

/**
 * The daily menu, today's opening hours, the page's photos and the owner's texts in the
 * request's language, read through the server's services (no HTTP hop).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(appServicesContext);
  const lang = languageOfRequest(request);
  const [dailyMenu, hours, photos, texts] = await Promise.all([
    services.dailyMenu(lang),
    loadVisitorHours(services, lang),
    services.photos(lang),
    loadPageTexts(services, lang, 'home'),
  ]);
  return {
    dailyMenu,
    hours,
    photos: photosBySlot(photos, HOME_SLOTS),
    ...texts,
    ...pageMessages(request, 'home'),
  };
}

/** schema.org Restaurant for search engines, in the page's language. */
function RestaurantStructuredData({ hours, hero }: { hours: VisitorHours; hero: PhotoView }) {
  const root = useRouteLoaderData<RootData>('root');
  if (!root) return null;
  const data = restaurantJsonLd({
    lang: root.lang,
    publicUrl: root.publicUrl,
    imagePath: fallbackSrc(hero),
    facts: root.restaurant,
    hours,
  });
  return (
    <script
      type="application/ld+json"
      // Serialised with `<` escaped: no value can close the element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/** Home: hero, gallery, location, photo grid, experience, daily menu, map, in this order. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { photos } = loaderData;
  return (
    <main id="main" className="page home">
      <HeroSection hours={loaderData.hours} photo={photos.hero} />
      <GalleryStrip photos={photos} />
      <LocationSection photo={photos.location} />
      <PhotoGrid photos={photos} />
      <ExperienceSection photo={photos.experience} />
      <DailyMenuBlock menu={loaderData.dailyMenu} />
      <MapSection weekly={loaderData.hours.weekly} />
      <RestaurantStructuredData hours={loaderData.hours} hero={photos.hero} />
    </main>
  );
}
