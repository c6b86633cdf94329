import { useTranslation } from 'react-i18next';
import margherita from '../../../../content/images/grid-1.svg?widths=300;600&responsive';
import urchin from '../../../../content/images/grid-2.svg?widths=300;600&responsive';
import prawns from '../../../../content/images/grid-3.svg?widths=300;600&responsive';
import cannoli from '../../../../content/images/grid-4.svg?widths=300;600&responsive';
import arancine from '../../../../content/images/grid-5.svg?widths=300;600&responsive';
import wine from '../../../../content/images/grid-6.svg?widths=300;600&responsive';
import { ResponsiveImage } from '../responsive-image.tsx';
import { useSiteText } from '../../site-texts.ts';

/** Home: a photo grid of six images. */
const IMAGES = [
  { key: 'margherita', image: margherita },
  { key: 'urchin', image: urchin },
  { key: 'prawns', image: prawns },
  { key: 'cannoli', image: cannoli },
  { key: 'arancine', image: arancine },
  { key: 'wine', image: wine },
] as const;

// Two columns on phones, three from 768 px inside a 1200 px column.
const SIZES = '(min-width: 1200px) 380px, (min-width: 768px) 33vw, 50vw';

export function PhotoGrid() {
  const { t } = useTranslation('home');
  const text = useSiteText();
  return (
    <section className="photo-grid" aria-labelledby="photo-grid-title">
      <h2 id="photo-grid-title">{text('home.grid.title')}</h2>
      <p className="photo-grid__intro">{text('home.grid.intro')}</p>
      <ul className="photo-grid__list">
        {IMAGES.map(({ key, image }) => (
          <li key={key}>
            <ResponsiveImage image={image} alt={t(`grid.images.${key}`)} sizes={SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
