/**
 * The pictures shipped with the site (content/images), each slot's default
 * until the owner uploads a photo (docs/decisions/014). The build makes them
 * into AVIF, WebP and JPEG (`?responsive`, scripts/vite-responsive-images.ts)
 * at the widths the slot's design asks for (src/shared/photo-slots.ts); the
 * server entry exports this table, so the server answers their hashed URLs
 * and sizes, and their alt texts from the locale files, like an upload's.
 * `.server`: never part of a page's JavaScript.
 */
import type { DefaultPhoto, DefaultPhotos } from './context.ts';
import type { ResponsiveImageData } from '../../scripts/vite-responsive-images.ts';
import { LANGUAGES, type Lang } from '../shared/languages.ts';
import { MESSAGES, type Messages } from '../shared/locales/index.ts';
import { CENTRE, type PhotoFocus } from '../shared/schemas/photos.ts';
import hero from '../../content/images/hero.svg?responsive';
import gallery1 from '../../content/images/gallery-1.svg?widths=320;640;800&responsive';
import gallery2 from '../../content/images/gallery-2.svg?widths=320;640;800&responsive';
import gallery3 from '../../content/images/gallery-3.svg?widths=320;640;800&responsive';
import gallery4 from '../../content/images/gallery-4.svg?widths=320;640;800&responsive';
import gallery5 from '../../content/images/gallery-5.svg?widths=320;640;800&responsive';
import grid1 from '../../content/images/grid-1.svg?widths=300;600&responsive';
import grid2 from '../../content/images/grid-2.svg?widths=300;600&responsive';
import grid3 from '../../content/images/grid-3.svg?widths=300;600&responsive';
import grid4 from '../../content/images/grid-4.svg?widths=300;600&responsive';
import grid5 from '../../content/images/grid-5.svg?widths=300;600&responsive';
import grid6 from '../../content/images/grid-6.svg?widths=300;600&responsive';
import location from '../../content/images/location.svg?responsive';
import experience from '../../content/images/experience.svg?responsive';
import aboutExperience from '../../content/images/about-experience.svg?responsive';
import aboutTonnara from '../../content/images/about-tonnara.svg?responsive';
import aboutServices from '../../content/images/about-services.svg?responsive';
import menuHeader from '../../content/images/menu-header.svg?responsive';
import starters from '../../content/images/category-starters.svg?widths=240;480&responsive';
import firstCourses from '../../content/images/category-first-courses.svg?widths=240;480&responsive';
import meat from '../../content/images/category-meat.svg?widths=240;480&responsive';
import fish from '../../content/images/category-fish.svg?widths=240;480&responsive';
import salads from '../../content/images/category-salads.svg?widths=240;480&responsive';
import pizza from '../../content/images/category-pizza.svg?widths=240;480&responsive';
import dessert from '../../content/images/category-dessert.svg?widths=240;480&responsive';
import drinks from '../../content/images/category-drinks.svg?widths=240;480&responsive';

type Card = Omit<DefaultPhoto, 'alt'>;

function card(image: ResponsiveImageData, focus: PhotoFocus = CENTRE): Card {
  return {
    width: image.width,
    height: image.height,
    focus,
    sources: [
      { type: 'image/avif', srcset: image.srcSet.avif },
      { type: 'image/webp', srcset: image.srcSet.webp },
      { type: 'image/jpeg', srcset: image.srcSet.jpeg },
    ],
  };
}

function photo(
  image: ResponsiveImageData,
  alt: (messages: Messages) => string,
  focus?: PhotoFocus,
): DefaultPhoto {
  const alts = Object.fromEntries(LANGUAGES.map((lang) => [lang, alt(MESSAGES[lang])]));
  return { ...card(image, focus), alt: alts as Record<Lang, string> };
}

export const defaultPhotos: DefaultPhotos = {
  slots: {
    // The drawing's sunset and boat sit right of and below its centre.
    hero: photo(hero, (m) => m.home.hero.imageAlt, { x: 0.62, y: 0.7 }),
    'gallery-1': photo(gallery1, (m) => m.home.gallery.images['1']),
    'gallery-2': photo(gallery2, (m) => m.home.gallery.images['2']),
    'gallery-3': photo(gallery3, (m) => m.home.gallery.images['3']),
    'gallery-4': photo(gallery4, (m) => m.home.gallery.images['4']),
    'gallery-5': photo(gallery5, (m) => m.home.gallery.images['5']),
    'grid-1': photo(grid1, (m) => m.home.grid.images.margherita),
    'grid-2': photo(grid2, (m) => m.home.grid.images.urchin),
    'grid-3': photo(grid3, (m) => m.home.grid.images.prawns),
    'grid-4': photo(grid4, (m) => m.home.grid.images.cannoli),
    'grid-5': photo(grid5, (m) => m.home.grid.images.arancine),
    'grid-6': photo(grid6, (m) => m.home.grid.images.wine),
    location: photo(location, (m) => m.home.location.imageAlt),
    experience: photo(experience, (m) => m.home.experience.imageAlt),
    'about-1': photo(aboutExperience, (m) => m.about.experience.imageAlt),
    'about-2': photo(aboutTonnara, (m) => m.about.tonnara.imageAlt),
    'about-3': photo(aboutServices, (m) => m.about.services.imageAlt),
    'menu-header': photo(menuHeader, (m) => m.menu.headerAlt),
  },
  // Each seeded list's card, by its key; a section staff add shows the menu header's.
  sectionCards: {
    starters: card(starters),
    firstCourses: card(firstCourses),
    meatDishes: card(meat),
    fishDishes: card(fish),
    salads: card(salads),
    pizza: card(pizza),
    dessert: card(dessert),
    beerAndWines: card(drinks),
  },
};
