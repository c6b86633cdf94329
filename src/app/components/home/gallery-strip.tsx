import { useTranslation } from 'react-i18next';
import gallery1 from '../../../../content/images/gallery-1.svg?widths=320;640;800&responsive';
import gallery2 from '../../../../content/images/gallery-2.svg?widths=320;640;800&responsive';
import gallery3 from '../../../../content/images/gallery-3.svg?widths=320;640;800&responsive';
import gallery4 from '../../../../content/images/gallery-4.svg?widths=320;640;800&responsive';
import gallery5 from '../../../../content/images/gallery-5.svg?widths=320;640;800&responsive';
import { ResponsiveImage } from '../responsive-image.tsx';
import { useSiteText } from '../../site-texts.ts';

const IMAGES = [
  { key: '1', image: gallery1 },
  { key: '2', image: gallery2 },
  { key: '3', image: gallery3 },
  { key: '4', image: gallery4 },
  { key: '5', image: gallery5 },
] as const;

// A strip that scrolls sideways on phones (72vw per photo) and fits one row of five from 768 px.
const SIZES = '(min-width: 1200px) 240px, (min-width: 768px) 20vw, 72vw';

/** Home: the gallery strip below the hero. */
export function GalleryStrip() {
  const { t } = useTranslation('home');
  const text = useSiteText();
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="visually-hidden">
        {text('home.gallery.title')}
      </h2>
      {/* Focusable so keyboard users can scroll it on narrow screens (WCAG 2.1.1). */}
      <ul className="gallery__strip" tabIndex={0} aria-labelledby="gallery-title">
        {IMAGES.map(({ key, image }) => (
          <li key={key} className="gallery__item">
            <ResponsiveImage image={image} alt={t(`gallery.images.${key}`)} sizes={SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
