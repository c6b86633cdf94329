import type { Role } from '../../shared/schemas/staff.ts';

/**
 * The groups the navigation shows the sections under, in its order: what a
 * shift needs tonight first, the restaurant's own affairs last.
 */
export const SECTION_GROUPS = [
  { id: 'today', label: 'Oggi' },
  { id: 'kitchen', label: 'Cucina e menu' },
  { id: 'site', label: 'Sito' },
  { id: 'guests', label: 'Ospiti ed eventi' },
  { id: 'restaurant', label: 'Ristorante' },
] as const;

export type SectionGroup = (typeof SECTION_GROUPS)[number]['id'];

/**
 * The back office's sections, one entry each, in the navigation's order
 * within their groups. This list makes their routes (src/app/routes.ts,
 * under /dashboard), the navigation's links (sections-nav.tsx) and who may
 * open them (`mayOpen`); a new section is an entry here, its route module and
 * its feature folder (src/app/back-office/sections.test.ts fails on a route
 * module without its entry, or the reverse).
 */
export interface Section {
  /** Its address under /dashboard ('' is /dashboard itself). */
  path: string;
  /** Its name in the header, in Italian. */
  label: string;
  /** Who sees it: every staff member ('staff'), or owners only. */
  role: Role;
  /** The navigation's group it is listed under. */
  group: SectionGroup;
  /** Its route module, relative to src/app: React Router loads it when the section opens. */
  module: `routes/staff/${string}.tsx`;
}

export const SECTIONS = [
  {
    path: 'reservations',
    label: 'Prenotazioni',
    role: 'staff',
    group: 'today',
    module: 'routes/staff/reservations.tsx',
  },
  {
    path: 'evening',
    label: 'Sala',
    role: 'staff',
    group: 'today',
    module: 'routes/staff/evening.tsx',
  },
  {
    path: 'takeaway',
    label: 'Asporto',
    role: 'staff',
    group: 'today',
    module: 'routes/staff/takeaway.tsx',
  },
  {
    path: '',
    label: 'Menu del giorno',
    role: 'staff',
    group: 'kitchen',
    module: 'routes/staff/dashboard.tsx',
  },
  {
    path: 'menu',
    label: 'Menu',
    role: 'staff',
    group: 'kitchen',
    module: 'routes/staff/menu.tsx',
  },
  {
    path: 'print',
    label: 'Stampa e QR',
    role: 'staff',
    group: 'kitchen',
    module: 'routes/staff/print.tsx',
  },
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
    path: 'guests',
    label: 'Ospiti',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/guests.tsx',
  },
  {
    path: 'events',
    label: 'Eventi',
    role: 'staff',
    group: 'guests',
    module: 'routes/staff/events.tsx',
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
    group: 'restaurant',
    module: 'routes/staff/team.tsx',
  },
  {
    path: 'floor',
    label: 'Pianta della sala',
    role: 'owner',
    group: 'restaurant',
    module: 'routes/staff/floor.tsx',
  },
  {
    path: 'reports',
    label: 'Report',
    role: 'owner',
    group: 'restaurant',
    module: 'routes/staff/reports.tsx',
  },
  {
    path: 'audit',
    label: 'Registro attività',
    role: 'owner',
    group: 'restaurant',
    module: 'routes/staff/audit.tsx',
  },
  {
    path: 'account',
    label: 'Il mio account',
    role: 'staff',
    group: 'restaurant',
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

/** The sections this staff member sees in the navigation, in its order. */
export const sectionsFor = (role: Role | undefined): Section[] =>
  SECTIONS.filter((section) => mayOpen(section, role));

/** The navigation's groups for this staff member, each with its sections; none empty. */
export const sectionGroupsFor = (role: Role | undefined) =>
  SECTION_GROUPS.map((group) => ({
    ...group,
    sections: sectionsFor(role).filter((section) => section.group === group.id),
  })).filter((group) => group.sections.length > 0);

/**
 * The section `pathname` is in: its own page or one under it
 * ("/dashboard/events/12" is in Eventi); /dashboard itself only for its exact
 * address.
 */
export function sectionOf(pathname: string): Section | undefined {
  const path = pathname.replace(/\/+$/, '');
  return SECTIONS.find((section) => {
    const href = sectionHref(section);
    return section.path === '' ? path === href : path === href || path.startsWith(`${href}/`);
  });
}
