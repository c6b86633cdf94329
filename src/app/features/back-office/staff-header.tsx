import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useHeaderHeight } from '../../components/use-header-height.ts';
import { useRestaurantName } from '../../components/use-restaurant.ts';
import logoHref from '../../assets/logo.svg?url';
import { COMMON_TEXTS, useUser } from '../staff/index.ts';
import { LOGOUT_TEXTS, NAV_TEXTS } from './back-office-texts.ts';

/**
 * The back office's fixed header: logo, "Disconnetti", and the sections
 * (a second row, scrolling sideways on a phone; the audit log for owners only).
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
  const sections = [
    { to: '/dashboard', label: NAV_TEXTS.dailyMenu, end: true },
    { to: '/dashboard/reservations', label: NAV_TEXTS.reservations },
    { to: '/dashboard/takeaway', label: NAV_TEXTS.takeaway },
    { to: '/dashboard/events', label: NAV_TEXTS.events },
    { to: '/dashboard/menu', label: NAV_TEXTS.menu },
    { to: '/dashboard/hours', label: NAV_TEXTS.hours },
    { to: '/dashboard/photos', label: NAV_TEXTS.photos },
    { to: '/dashboard/texts', label: NAV_TEXTS.texts },
    { to: '/dashboard/print', label: NAV_TEXTS.print },
    { to: '/dashboard/messages', label: NAV_TEXTS.messages },
    { to: '/dashboard/team', label: NAV_TEXTS.team },
    ...(user?.role === 'owner' ? [{ to: '/dashboard/audit', label: NAV_TEXTS.audit }] : []),
    { to: '/dashboard/account', label: NAV_TEXTS.account },
  ];
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
        {sections.map(({ to, label, end }) => (
          <NavLink key={to} to={to} end={end} className="staff-nav__link">
            {label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
