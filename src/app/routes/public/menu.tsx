import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Route } from './+types/menu';
import { pageUrl, publicPageMeta } from '../../seo.ts';
import { loadPageTexts } from '../../site-texts.server.ts';
import { Photo, photosBySlot } from '../../components/photo.tsx';
import type { CategoryCard } from '../../features/menu/category-carousel.tsx';
import { MenuItems } from '../../features/menu/menu-items.tsx';
import {
  INITIAL_CATEGORY_INDEX,
  menuPageData,
  type MenuSection,
} from '../../features/menu/menu-page-data.ts';
import { AllergenLegend, AllergenSprite } from '../../components/allergen-icons.tsx';
import { menuStructuredData } from '../../features/menu/menu-structured-data.ts';
import { serializeJsonLd } from '../../structured-data.ts';
import { useRestaurant, useTakeawayEnabled } from '../../components/use-restaurant.ts';
import { languageOfRequest } from '../../../shared/languages.ts';
import { appServicesContext } from '../../context.ts';
import { pageMessages } from '../../i18n/page-messages.server.ts';
import { MENU_NOTE_KEYS } from '../../../shared/schemas/site-texts.ts';
import menuStylesHref from '../../styles/menu.css?url';

/*
 * Swiper is the heaviest code on any public page. In a chunk of its own, asked
 * for as soon as this module runs, its download and set-up do not hold up the
 * rest of the page: the server still renders the carousel into the HTML, and
 * React hydrates it on its own once the chunk is there, in a task of its own.
 */
const carouselModule = import('../../features/menu/category-carousel.tsx');
const CategoryCarousel = lazy(async () => ({ default: (await carouselModule).CategoryCarousel }));

const HEADER_SIZES = '100vw';
/** Only the starters' extras go with any starter: the note is theirs. */
const STARTERS_EXTRAS = 'startersExtras';

// The header's picture, the LCP element, is preloaded by its component (components/photo.tsx).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: menuStylesHref }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicPageMeta(matches[0].loaderData, 'menu', '/menu', { description: loaderData?.description });

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = languageOfRequest(request);
  const services = context.get(appServicesContext);
  const [menu, photos, { description, siteTexts }, italian] = await Promise.all([
    services.menu(lang),
    services.photos(lang),
    loadPageTexts(services, lang, 'menu'),
    services.siteTexts('it'),
  ]);
  const data = menuPageData(menu);
  // The header's and each carousel card's: a section's card is its slot `section-{id}`.
  const slots = ['menu-header', ...data.categories.map((category) => `section-${category.id}`)];
  return {
    lang,
    menuUrl: pageUrl(services.publicUrl, '/menu', lang),
    description,
    ...data,
    photos: photosBySlot(photos, slots),
    // The owner's notes (page texts); one shown as its Italian is marked Italian.
    notes: MENU_NOTE_KEYS.map((key) => {
      const text = siteTexts[key] ?? '';
      return { key, text, lang: text === italian.texts[key] ? 'it' : lang };
    }),
    ...pageMessages(request, 'menu'),
  };
}

function MenuSectionBlock({ section, headingId }: { section: MenuSection; headingId: string }) {
  const { t } = useTranslation('menu');
  return (
    <section className="menu-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      <MenuItems items={section.items} />
      {section.extras.map((extras) => (
        <div key={extras.id} className="menu-section__extras">
          <h3>{extras.title}</h3>
          {extras.key === STARTERS_EXTRAS && (
            <p className="menu-section__note">{t('extrasNote')}</p>
          )}
          <MenuItems items={extras.items} />
        </div>
      ))}
    </section>
  );
}

/** /menu: the category carousel, the selected category's dishes, the lists always shown. */
export default function MenuPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('menu');
  const { categories, always, hasFrozen, lang, menuUrl, photos, notes } = loaderData;
  const restaurant = useRestaurant().name;
  const takeaway = useTakeawayEnabled();
  const [selectedIndex, setSelectedIndex] = useState(
    Math.min(INITIAL_CATEGORY_INDEX, Math.max(categories.length - 1, 0)),
  );
  const selected = categories[selectedIndex] ?? categories[0];
  // Built once per page, not again at each category click.
  const cards: CategoryCard[] = useMemo(
    () =>
      categories.map((category) => ({
        id: String(category.id),
        // The drinks card reads "Beer and Wines" in English and Italian.
        label: category.key === 'beerAndWines' ? t('drinks') : category.title,
        photo: photos[`section-${category.id}`]!,
      })),
    [categories, t, photos],
  );
  const structuredJson = useMemo(
    () =>
      serializeJsonLd(
        menuStructuredData([...categories, ...always], {
          lang,
          url: menuUrl,
          name: t('header'),
          restaurant,
        }),
      ),
    [categories, always, lang, menuUrl, t, restaurant],
  );
  return (
    <main id="main" className="page menu-page">
      <header className="menu-hero">
        <Photo
          photo={photos['menu-header']!}
          sizes={HEADER_SIZES}
          priority
          className="menu-hero__image"
        />
        <h1 className="menu-hero__title">{t('header')}</h1>
      </header>

      {/* The same menu on paper, in this language: a plain link, the server answers it. */}
      <p className="menu-download">
        {takeaway && (
          <Link className="button" to="/takeaway">
            {t('orderTakeaway')}
          </Link>
        )}
        <a className="button button--ghost" href={`/menu.pdf?lng=${lang}`} type="application/pdf">
          {t('download')}
        </a>
      </p>

      <section className="menu-categories" aria-labelledby="menu-categories-title">
        <h2 id="menu-categories-title">{t('categoriesTitle')}</h2>
        <Suspense>
          <CategoryCarousel
            cards={cards}
            selectedIndex={selectedIndex}
            onSelect={setSelectedIndex}
          />
        </Suspense>
      </section>

      <div className="menu-selected" aria-live="polite">
        {selected && (
          <MenuSectionBlock key={selected.id} section={selected} headingId="menu-selected-title" />
        )}
      </div>

      <div className="menu-always">
        {always.map((section) => (
          <MenuSectionBlock key={section.id} section={section} headingId={`menu-${section.id}`} />
        ))}
      </div>

      <div className="menu-always">
        <AllergenLegend />
      </div>
      <AllergenSprite />

      <footer className="menu-notes">
        {hasFrozen && <p className="menu-notes__frozen">{t('frozenNote')}</p>}
        {notes.map((note) => (
          <p
            key={note.key}
            className={note.key === 'menu.notes.coverCharge' ? 'menu-notes__cover' : undefined}
            lang={note.lang}
          >
            {note.text}
          </p>
        ))}
      </footer>

      <script
        type="application/ld+json"
        // JSON built from our own content, escaped by serializeJsonLd.
        dangerouslySetInnerHTML={{ __html: structuredJson }}
      />
    </main>
  );
}
