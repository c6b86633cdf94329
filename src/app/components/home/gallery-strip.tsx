import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../photo.tsx';
import { useSiteText } from '../../site-texts.ts';

export const GALLERY_SLOTS = [
  'gallery-1',
  'gallery-2',
  'gallery-3',
  'gallery-4',
  'gallery-5',
] as const;

// A strip that scrolls sideways on phones (72vw per photo) and fits one row of five from 768 px.
const SIZES = '(min-width: 1200px) 240px, (min-width: 768px) 20vw, 72vw';

/** Home: the gallery strip below the hero. */
export function GalleryStrip({
  photos,
}: {
  photos: Record<(typeof GALLERY_SLOTS)[number], PhotoView>;
}) {
  const text = useSiteText();
  return (
    <section className="gallery" aria-labelledby="gallery-title">
      <h2 id="gallery-title" className="visually-hidden">
        {text('home.gallery.title')}
      </h2>
      {/* Focusable so keyboard users can scroll it on narrow screens (WCAG 2.1.1). */}
      <ul className="gallery__strip" tabIndex={0} aria-labelledby="gallery-title">
        {GALLERY_SLOTS.map((slot) => (
          <li key={slot} className="gallery__item">
            <Photo photo={photos[slot]} sizes={SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
