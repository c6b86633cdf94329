import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../photo.tsx';
import { useRestaurant } from '../use-restaurant.ts';
import { useSiteText } from '../../site-texts.ts';
import { ClosedNotice } from '../opening-hours/closed-notice.tsx';
import { restDaysText } from '../opening-hours/format.ts';
import type { VisitorHours } from '../opening-hours/visitor-hours.ts';

/** The hero fills the viewport's width. */
const HERO_SIZES = '100vw';

/**
 * Home: full-height hero with the facts, the years of experience (the
 * owner's text, counted from the founding year) and the weekly rest day
 * (when the week has one), and the notice on a closed day.
 */
export function HeroSection({ hours, photo }: { hours: VisitorHours; photo: PhotoView }) {
  const { t, i18n } = useTranslation('home');
  const text = useSiteText();
  const { locality } = useRestaurant().address;
  const restDays = restDaysText(i18n, hours.weekly);
  return (
    <section className="hero" aria-labelledby="hero-title">
      {/* The LCP picture: preloaded with the page, at high priority. */}
      <Photo className="hero__image" photo={photo} sizes={HERO_SIZES} priority />
      <div className="hero__panel">
        <p className="hero__eyebrow">{t('hero.eyebrow', { place: locality })}</p>
        <h1 id="hero-title" className="hero__title">
          {text('home.hero.title')}
        </h1>
        <p className="hero__description">{text('home.hero.description')}</p>
        <ClosedNotice hours={hours} />
        <ul className="hero__facts" aria-label={t('facts.label')}>
          <li>{text('home.facts.experience')}</li>
          {restDays ? <li>{restDays}</li> : null}
        </ul>
        <Link className="button hero__cta" to="/menu">
          {t('hero.cta')}
        </Link>
      </div>
    </section>
  );
}
