import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../photo.tsx';
import { telHref } from '../../../shared/languages.ts';
import { HOME_SPLIT_IMAGE_SIZES } from './split-sizes.ts';
import { useRestaurant } from '../use-restaurant.ts';
import { useSiteText } from '../../site-texts.ts';

/** Home: culinary experience, with a book-a-table button that dials the mobile, and the online booking beside it. */
export function ExperienceSection({ photo }: { photo: PhotoView }) {
  const { t } = useTranslation('home');
  const text = useSiteText();
  const { mobile } = useRestaurant().phones;
  return (
    <section className="home-split home-split--reverse" aria-labelledby="experience-title">
      <div className="home-split__text">
        <h2 id="experience-title">{text('home.experience.title')}</h2>
        <p>{text('home.experience.text1')}</p>
        <p className="home-split__actions">
          <a className="button" href={telHref(mobile)}>
            {t('experience.cta')}
          </a>
          <Link className="button button--ghost" to="/reservations">
            {t('experience.bookOnline')}
          </Link>
          <span className="home-split__hint">{t('experience.callHint', { phone: mobile })}</span>
        </p>
      </div>
      <Photo className="home-split__media" photo={photo} sizes={HOME_SPLIT_IMAGE_SIZES} />
    </section>
  );
}
