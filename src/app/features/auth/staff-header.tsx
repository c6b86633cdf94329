import { useRef } from 'react';
import { Link } from 'react-router';
import { useHeaderHeight } from '../../components/use-header-height.ts';
import { restaurant } from '../../../../content/restaurant.ts';
import logoHref from '../../assets/logo.svg?url';
import { COMMON_TEXTS, DASHBOARD_TEXTS } from './texts.ts';

/** The dashboard's fixed header: logo and "Disconnetti". */
export function StaffHeader({ onLogout }: { onLogout: () => void }) {
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <header className="staff-header" ref={header}>
      <Link to="/" className="staff-header__logo">
        <img
          src={logoHref}
          alt={`${restaurant.name} – ${COMMON_TEXTS.homeLink}`}
          width="140"
          height="42"
        />
      </Link>
      <span className="staff-header__area">{COMMON_TEXTS.staffArea}</span>
      <button type="button" className="staff-button staff-button--ghost" onClick={onLogout}>
        {DASHBOARD_TEXTS.logout}
      </button>
    </header>
  );
}
