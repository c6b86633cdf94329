import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import mapPreview from '../../../content/images/map-preview.svg?responsive';
import { ResponsiveImage } from './responsive-image.tsx';
import { useRestaurant } from './use-restaurant.ts';
import { OpeningHoursList } from './opening-hours/opening-hours-list.tsx';
import type { WeeklyDay } from '../../shared/opening-hours.ts';

/** The map provider's host, as the consent text names it; none if the address does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * The home page's map, "Where We Are", with consent: a self-hosted preview
 * first; the map provider's iframe (a third party that sees the visitor's IP
 * address) is created only when the visitor asks for it, so nothing is
 * fetched from it before the click. Its address is the one the owner set in
 * the restaurant's facts (`mapEmbedUrl`), which the page's CSP allows.
 */
export function MapSection({ weekly }: { weekly: readonly WeeklyDay[] }) {
  const { t } = useTranslation('home');
  const { t: common } = useTranslation();
  const [showMap, setShowMap] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The clicked button goes away: keyboard focus moves to what replaced it.
  useEffect(() => {
    if (showMap) frameRef.current?.focus();
  }, [showMap]);
  const { name, address, mapUrl, mapEmbedUrl } = useRestaurant();
  const { street, postalCode, locality, region } = address;
  return (
    <section className="map-section" aria-labelledby="map-title">
      <div className="map-section__info">
        <h2 id="map-title">{t('map.title')}</h2>
        <p>{t('map.intro', { place: locality })}</p>
        <dl className="map-section__facts">
          <dt>{t('map.addressLabel')}</dt>
          <dd>
            <address>
              {name}
              <br />
              {street}
              <br />
              {postalCode} {locality} ({region})
            </address>
          </dd>
          <dt>{common('hours.title')}</dt>
          <dd>
            <OpeningHoursList weekly={weekly} />
          </dd>
        </dl>
        <a className="button button--ghost" href={mapUrl} target="_blank" rel="noopener noreferrer">
          {t('map.open')} <span className="visually-hidden">{t('map.newTab')}</span>
        </a>
      </div>
      <div className="map-section__map">
        {showMap ? (
          <iframe
            ref={frameRef}
            className="map-section__frame"
            src={mapEmbedUrl}
            title={t('map.frameTitle', { name })}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <>
            <ResponsiveImage
              className="map-section__preview"
              image={mapPreview}
              alt={t('map.previewAlt')}
              sizes="(min-width: 1200px) 720px, (min-width: 768px) 60vw, 100vw"
            />
            <div className="map-section__consent">
              <p>{t('map.consent', { host: hostOf(mapEmbedUrl) })}</p>
              <button type="button" className="button" onClick={() => setShowMap(true)}>
                {t('map.show')}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
