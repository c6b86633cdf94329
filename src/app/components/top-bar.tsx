import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import logoHref from '../assets/logo.svg?url';
import { useHeaderHeight } from './use-header-height.ts';
import { useRestaurant, useTakeawayEnabled } from './use-restaurant.ts';

const NAV = [
  { to: '/', key: 'nav.home', aliases: ['/', '/home'] },
  { to: '/menu', key: 'nav.menu', aliases: ['/menu'] },
  { to: '/about-us', key: 'nav.about', aliases: ['/about-us'] },
  { to: '/contact', key: 'nav.contact', aliases: ['/contact'] },
  { to: '/reservations', key: 'nav.reservations', aliases: ['/reservations'] },
  { to: '/takeaway', key: 'nav.takeaway', aliases: ['/takeaway'] },
] as const;

/** Sticky top bar: logo to / and the translated, uppercased links (takeaway's only while it is on). */
export function TopBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { name } = useRestaurant();
  const takeaway = useTakeawayEnabled();
  const links = NAV.filter((item) => takeaway || item.to !== '/takeaway');
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <header className="top-bar" ref={header}>
      <Link to="/" className="top-bar__logo">
        <img src={logoHref} alt={t('layout.logoAlt', { name })} width="160" height="48" />
      </Link>
      <nav aria-label={t('nav.label')}>
        <ul className="top-bar__links">
          {links.map((item) => {
            const current = (item.aliases as readonly string[]).includes(pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="top-bar__link"
                  aria-current={current ? 'page' : undefined}
                >
                  {t(item.key)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
