import type { Role } from '../../shared/schemas/staff.ts';

/**
 * The back office's sections, one entry each, in the header's order. This
 * list makes their routes (src/app/routes.ts, under /dashboard), the header's
 * links (staff-header.tsx) and who may open them (`mayOpen`); a new section
 * is an entry here, its route module and its feature folder
 * (src/app/back-office/sections.test.ts fails on a route module without its
 * entry, or the reverse).
 */
export interface Section {
  /** Its address under /dashboard ('' is /dashboard itself). */
  path: string;
  /** Its name in the header, in Italian. */
  label: string;
  /** Who sees it: every staff member ('staff'), or owners only. */
  role: Role;
  /** What it is about: the guests' requests, the public site, the team. */
  group: 'guests' | 'site' | 'team';
  /** Its route module, relative to src/app: React Router loads it when the section opens. */
  module: `routes/staff/${string}.tsx`;
}

export const SECTIONS = [
  {
    path: '',
    label: 'Menu del giorno',
    role: 'staff',
    group: 'site',
    module: 'routes/staff/dashboard.tsx',
  },
  {
    path: 'reservations',
    label: 'Prenotazioni',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/reservations.tsx',
  },
  {
    path: 'evening',
    label: 'Sala',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/evening.tsx',
  },
  {
    path: 'takeaway',
    label: 'Asporto',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/takeaway.tsx',
  },
  {
    path: 'events',
    label: 'Eventi',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/events.tsx',
  },
  {
    path: 'guests',
    label: 'Ospiti',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/guests.tsx',
  },
  {
    path: 'floor',
    label: 'Pianta della sala',
    role: 'owner',
    group: 'guests',
    module: 'routes/staff/floor.tsx',
  },
  { path: 'menu', label: 'Menu', role: 'staff', group: 'site', module: 'routes/staff/menu.tsx' },
  {
    path: 'hours',
    label: 'Orari e dati',
    role: 'staff',
    group: 'site',
    module: 'routes/staff/hours.tsx',
  },
  {
    path: 'photos',
    label: 'Foto',
    role: 'staff',
    group: 'site',
    module: 'routes/staff/photos.tsx',
  },
  {
    path: 'texts',
    label: 'Testi del sito',
    role: 'staff',
    group: 'site',
    module: 'routes/staff/texts.tsx',
  },
  {
    path: 'print',
    label: 'Stampa e QR',
    role: 'staff',
    group: 'site',
    module: 'routes/staff/print.tsx',
  },
  {
    path: 'messages',
    label: 'Messaggi',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/messages.tsx',
  },
  {
    path: 'team',
    label: 'Colleghi',
    role: 'staff',
    group: 'team',
    module: 'routes/staff/team.tsx',
  },
  {
    path: 'audit',
    label: 'Registro attività',
    role: 'owner',
    group: 'team',
    module: 'routes/staff/audit.tsx',
  },
  {
    path: 'reports',
    label: 'Report',
    role: 'owner',
    group: 'team',
    module: 'routes/staff/reports.tsx',
  },
  {
    path: 'account',
    label: 'Il mio account',
    role: 'staff',
    group: 'team',
    module: 'routes/staff/account.tsx',
  },
] as const satisfies readonly Section[];

export type SectionPath = (typeof SECTIONS)[number]['path'];

/** A section's address: "/dashboard", "/dashboard/reservations". */
export const sectionHref = (section: Pick<Section, 'path'>) =>
  section.path ? `/dashboard/${section.path}` : '/dashboard';

/** The section at `path` (its part under /dashboard). */
export function sectionAt(path: SectionPath): Section {
  const section = SECTIONS.find((entry) => entry.path === path);
  if (!section) throw new Error(`No back-office section at /dashboard/${path}.`);
  return section;
}

/**
 * Whether a staff member of this role may open the section. (A session stored
 * before roles existed has none: such a member is not an owner.)
 */
export const mayOpen = (section: Pick<Section, 'role'>, role: Role | undefined): boolean =>
  section.role === 'staff' || role === 'owner';

/** The sections this staff member sees in the header, in its order. */
export const sectionsFor = (role: Role | undefined): Section[] =>
  SECTIONS.filter((section) => mayOpen(section, role));
