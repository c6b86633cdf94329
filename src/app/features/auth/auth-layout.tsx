import { FORM_TEXTS } from './texts.ts';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import logoHref from '../../assets/logo.svg?url';
import { useRestaurantName } from '../../components/use-restaurant.ts';
import { COMMON_TEXTS } from '../../staff/index.ts';

/** The card that holds the login, recovery and reset forms. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const name = useRestaurantName();
  return (
    <main id="main" className="staff-auth">
      <div className="staff-card">
        <Link to="/" className="staff-card__logo">
          <img src={logoHref} alt={COMMON_TEXTS.logoAlt(name)} width="160" height="48" />
        </Link>
        <p className="staff-card__eyebrow">{COMMON_TEXTS.staffArea}</p>
        <h1 className="staff-card__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** The recovery forms' way back: "Torna al Login". */
export function BackToLoginButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="staff-button staff-button--ghost"
      onClick={() => void navigate('/login')}
    >
      {FORM_TEXTS.backToLogin}
    </button>
  );
}
