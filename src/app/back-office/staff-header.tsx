import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useHeaderHeight } from '../components/use-header-height.ts';
import { useRestaurantName } from '../components/use-restaurant.ts';
import logoHref from '../assets/logo.svg?url';
import { COMMON_TEXTS, useUser } from '../staff/index.ts';
import { LOGOUT_TEXTS, NAV_TEXTS } from './back-office-texts.ts';
import { sectionHref, sectionsFor } from './sections.ts';

/**
 * The back office's fixed header: logo, "Disconnetti", and the sections
 * (a second row, scrolling sideways on a phone), those of sections.ts this
 * staff member may open.
 */
export function StaffHeader({ onLogout }: { onLogout: () => void }) {
  const header = useRef<HTMLElement>(null);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const { user } = useUser();
  // On a phone the sections scroll sideways in one row: keep the current one in sight.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const name = useRestaurantName();
  useHeaderHeight(header);
  return (
    <header className="staff-header" ref={header}>
      <div className="staff-header__bar">
        <Link to="/" className="staff-header__logo">
          <img src={logoHref} alt={COMMON_TEXTS.logoAlt(name)} width="140" height="42" />
        </Link>
        <span className="staff-header__area">{COMMON_TEXTS.staffArea}</span>
        <button type="button" className="staff-button staff-button--ghost" onClick={onLogout}>
          {LOGOUT_TEXTS.logout}
        </button>
      </div>
      <nav className="staff-nav" aria-label={NAV_TEXTS.label} ref={nav}>
        {sectionsFor(user?.role).map((section) => (
          <NavLink
            key={section.path}
            to={sectionHref(section)}
            end={section.path === ''}
            className="staff-nav__link"
          >
            {section.label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
