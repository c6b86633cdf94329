import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../photo.tsx';
import { useSiteText } from '../../site-texts.ts';

export const GRID_SLOTS = ['grid-1', 'grid-2', 'grid-3', 'grid-4', 'grid-5', 'grid-6'] as const;

// Two columns on phones, three from 768 px inside a 1200 px column.
const SIZES = '(min-width: 1200px) 380px, (min-width: 768px) 33vw, 50vw';

/** Home: a photo grid of six pictures. */
export function PhotoGrid({ photos }: { photos: Record<(typeof GRID_SLOTS)[number], PhotoView> }) {
  const text = useSiteText();
  return (
    <section className="photo-grid" aria-labelledby="photo-grid-title">
      <h2 id="photo-grid-title">{text('home.grid.title')}</h2>
      <p className="photo-grid__intro">{text('home.grid.intro')}</p>
      <ul className="photo-grid__list">
        {GRID_SLOTS.map((slot) => (
          <li key={slot}>
            <Photo photo={photos[slot]} sizes={SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
