import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { restaurant } from '../../shared/build-settings.ts';
import { useRestaurant } from './use-restaurant.ts';

/**
 * The consent provider's script loads when the footer
 * appears, and only if the site content configures one.
 */
function useProviderScriptWhenVisible(scriptUrl: string | null) {
  const footerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const footer = footerRef.current;
    if (!scriptUrl || !footer) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (document.querySelector('script[data-privacy-provider]')) return;
      const script = document.createElement('script');
      script.src = scriptUrl;
      script.dataset.privacyProvider = '';
      script.async = true;
      document.body.append(script);
    });
    observer.observe(footer);
    return () => observer.disconnect();
  }, [scriptUrl]);
  return footerRef;
}

export function SiteFooter() {
  const { t } = useTranslation();
  const { name, email, social, privacyPolicyUrl } = useRestaurant();
  const footerRef = useProviderScriptWhenVisible(restaurant.privacy.providerScriptUrl);
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer" ref={footerRef}>
      <div className="site-footer__columns">
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{t('footer.quickLinks')}</h2>
          <ul>
            <li>
              <Link to="/menu">{t('nav.menu')}</Link>
            </li>
            <li>
              <Link to="/events">{t('nav.events')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('nav.contact')}</Link>
            </li>
          </ul>
        </nav>
        {(social.instagram || social.facebook) && (
          <section aria-labelledby="footer-follow">
            <h2 id="footer-follow">{t('footer.follow')}</h2>
            <ul>
              {social.instagram && (
                <li>
                  <a href={social.instagram} rel="noopener noreferrer" target="_blank">
                    Instagram
                  </a>
                </li>
              )}
              {social.facebook && (
                <li>
                  <a href={social.facebook} rel="noopener noreferrer" target="_blank">
                    Facebook
                  </a>
                </li>
              )}
            </ul>
          </section>
        )}
        <section aria-labelledby="footer-write-us">
          <h2 id="footer-write-us">{t('footer.writeUs')}</h2>
          <ul>
            <li>
              <a href={`mailto:${email}`}>{email}</a>
            </li>
            <li>
              <a href={privacyPolicyUrl} rel="noopener noreferrer" target="_blank">
                {t('footer.privacy')}
              </a>
            </li>
            <li>
              <Link to="/privacy">{t('footer.whatWeKeep')}</Link>
            </li>
          </ul>
        </section>
      </div>
      <div className="site-footer__legal">
        <p>
          {t('footer.copyright', { year, name })} · {t('footer.rights')}
        </p>
        <p>
          <a href={restaurant.developerCredit.url} rel="noopener noreferrer" target="_blank">
            {t('footer.madeBy', { name: restaurant.developerCredit.name })}
          </a>
        </p>
      </div>
    </footer>
  );
}
