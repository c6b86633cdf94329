import { useRef } from 'react';
import { Link } from 'react-router';
import { useHeaderHeight } from '../components/use-header-height.ts';
import { useRestaurantName } from '../components/use-restaurant.ts';
import logoHref from '../assets/logo.svg?url';
import { COMMON_TEXTS } from '../staff/index.ts';
import { LOGOUT_TEXTS } from './back-office-texts.ts';
import { SectionsNav } from './sections-nav.tsx';

/**
 * The back office's fixed header: logo and "Disconnetti" at every width,
 * then the navigation (sections-nav.tsx: a menu button below 1200 px, a
 * sidebar from there).
 */
export function StaffHeader({ onLogout }: { onLogout: () => void }) {
  const header = useRef<HTMLElement>(null);
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
      <SectionsNav />
    </header>
  );
}
