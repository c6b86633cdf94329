import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { restaurant } from '../../../../content/restaurant.ts';
import hero from '../../../../content/images/hero.svg?responsive';
import { ResponsiveImage } from '../responsive-image.tsx';
import { useRestaurant } from '../use-restaurant.ts';

/** The hero fills the viewport's width: the route preloads it with these sizes (LCP). */
export const HERO_IMAGE = hero;
export const HERO_SIZES = '100vw';

/** Home: full-height hero with the two facts, over 25 years of experience and closed on Monday. */
export function HeroSection() {
  const { t } = useTranslation('home');
  const { locality } = useRestaurant().address;
  return (
    <section className="hero" aria-labelledby="hero-title">
      <ResponsiveImage
        className="hero__image"
        image={hero}
        alt={t('hero.imageAlt')}
        sizes={HERO_SIZES}
        priority
      />
      <div className="hero__panel">
        <p className="hero__eyebrow">{t('hero.eyebrow', { place: locality })}</p>
        <h1 id="hero-title" className="hero__title">
          {t('hero.title')}
        </h1>
        <p className="hero__description">{t('hero.description')}</p>
        <ul className="hero__facts" aria-label={t('facts.label')}>
          <li>{t('facts.experience', { year: restaurant.foundedYear })}</li>
          <li>{t('facts.closed')}</li>
        </ul>
        <Link className="button hero__cta" to="/menu">
          {t('hero.cta')}
        </Link>
      </div>
    </section>
  );
}
