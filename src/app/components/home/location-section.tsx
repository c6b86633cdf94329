import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../photo.tsx';
import { HOME_SPLIT_IMAGE_SIZES } from './split-sizes.ts';
import { useSiteText } from '../../site-texts.ts';

/** Home: the venue, its terrace, kitchen, catering and takeaway. */
export function LocationSection({ photo }: { photo: PhotoView }) {
  const { t } = useTranslation('home');
  const text = useSiteText();
  return (
    <section className="home-split" aria-labelledby="location-title">
      <div className="home-split__text">
        <h2 id="location-title">{text('home.location.title')}</h2>
        <p>{text('home.location.text1')}</p>
        <p>{text('home.location.text2')}</p>
        <p>{text('home.location.text3')}</p>
        <Link className="button button--ghost" to="/about-us">
          {t('location.cta')}
        </Link>
      </div>
      <Photo className="home-split__media" photo={photo} sizes={HOME_SPLIT_IMAGE_SIZES} />
    </section>
  );
}
