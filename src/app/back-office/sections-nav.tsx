import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useUser } from '../staff/index.ts';
import { NAV_TEXTS } from './back-office-texts.ts';
import { SECTION_GROUPS, sectionGroupsFor, sectionHref, sectionOf } from './sections.ts';

/**
 * The back office's navigation: the sections of sections.ts this staff
 * member may open, under their groups.
 *
 * Below 1200 px (a phone, a tablet running the evening view) the groups
 * open from the "Sezioni" button, a disclosure: the current section's name
 * stays beside it, opening moves focus to the current section's link, and
 * Escape, a tap outside, focus leaving the navigation or choosing a section
 * close it (Escape returns focus to the button). From 1200 px the groups are
 * a sidebar, always open, and the button is not shown (staff.css).
 */
export function SectionsNav() {
  const { user } = useUser();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const groups = sectionGroupsFor(user?.role);
  const current = sectionOf(pathname);
  const currentGroup = SECTION_GROUPS.find((group) => group.id === current?.group);

  // The sidebar keeps the current section in sight when it is taller than the screen.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);

  // Opened: focus goes to the current section's link (else the first), and a
  // tap anywhere outside the navigation closes it.
  useEffect(() => {
    if (!open) return;
    const links = nav.current?.querySelectorAll<HTMLAnchorElement>('.staff-nav__link');
    const target = nav.current?.querySelector<HTMLAnchorElement>('[aria-current="page"]');
    (target ?? links?.[0])?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <nav
      className={open ? 'staff-nav staff-nav--open' : 'staff-nav'}
      aria-label={NAV_TEXTS.label}
      ref={nav}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Focus moved on past the navigation (a tap on its own text moves it nowhere).
        const next = event.relatedTarget;
        if (next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <div className="staff-nav__bar">
        <button
          type="button"
          ref={toggle}
          className="staff-nav__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span className="staff-nav__icon" aria-hidden="true" />
          {NAV_TEXTS.toggle}
        </button>
        {current && (
          <p className="staff-nav__current">
            {currentGroup && <span className="staff-nav__current-group">{currentGroup.label}</span>}
            <span className="staff-nav__current-section">{current.label}</span>
          </p>
        )}
      </div>
      <div id={panelId} className="staff-nav__groups">
        {groups.map((group) => (
          <div key={group.id} className="staff-nav__group">
            <p id={`${panelId}-${group.id}`} className="staff-nav__group-label">
              {group.label}
            </p>
            <ul aria-labelledby={`${panelId}-${group.id}`}>
              {group.sections.map((section) => (
                <li key={section.path}>
                  <NavLink
                    to={sectionHref(section)}
                    end={section.path === ''}
                    className="staff-nav__link"
                    onClick={() => setOpen(false)}
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
