import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes.ts';
import {
  mayOpen,
  SECTION_GROUPS,
  sectionGroupsFor,
  sectionHref,
  sectionOf,
  SECTIONS,
  sectionsFor,
} from './sections.ts';

/**
 * The list of sections is the back office's one list: a route module under
 * routes/staff/ that no route names is a page staff cannot reach (a section
 * added without its entry), and an entry whose module is missing is a link
 * to nothing.
 */
const APP = resolve(import.meta.dirname, '..');

/** Every route module the route config names, at any depth. */
function filesOf(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...filesOf(entry.children ?? [])]);
}

const dashboard = (routes as RouteConfigEntry[])
  .flatMap((entry) => [entry, ...(entry.children ?? [])])
  .find((entry) => entry.path === 'dashboard');

describe('the back-office sections', () => {
  it("each page under routes/staff/ is named by a route, each section's by its entry", () => {
    const named = new Set(filesOf(routes as RouteConfigEntry[]));
    const pages = readdirSync(join(APP, 'routes/staff'))
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => `routes/staff/${name}`);
    const unreachable = pages.filter((page) => !named.has(page));
    expect(unreachable, 'route modules without an entry in back-office/sections.ts').toEqual([]);
  });

  it("each entry's route module exists", () => {
    const missing = SECTIONS.filter((section) => !existsSync(join(APP, section.module)));
    expect(
      missing.map((section) => section.module),
      'entries of back-office/sections.ts without their route module',
    ).toEqual([]);
  });

  it('/dashboard has a route per section, in the list, and nothing else', () => {
    expect(
      (dashboard?.children ?? []).map((child) => ({
        path: child.index ? '' : child.path,
        file: child.file,
      })),
    ).toEqual(SECTIONS.map((section) => ({ path: section.path, file: section.module })));
  });

  it('one entry per address and per module', () => {
    expect(new Set(SECTIONS.map(sectionHref)).size).toBe(SECTIONS.length);
    expect(new Set(SECTIONS.map((section) => section.module)).size).toBe(SECTIONS.length);
  });

  it('owners see every section; other staff all but the owners’ (the audit log, the floor plan, the reports)', () => {
    expect(sectionsFor('owner')).toEqual([...SECTIONS]);
    expect(sectionsFor('staff').map((section) => section.path)).toEqual(
      SECTIONS.filter((section) => !['audit', 'floor', 'reports'].includes(section.path)).map(
        (section) => section.path,
      ),
    );
    expect(sectionsFor(undefined)).toEqual(sectionsFor('staff'));
    expect(mayOpen({ role: 'owner' }, 'staff')).toBe(false);
  });

  it('the navigation lists every section once, under its group, groups in their order', () => {
    const listed = sectionGroupsFor('owner');
    expect(listed.map((group) => group.label)).toEqual(SECTION_GROUPS.map((group) => group.label));
    expect(
      listed.flatMap((group) => group.sections).toSorted((a, b) => a.path.localeCompare(b.path)),
    ).toEqual([...SECTIONS].toSorted((a, b) => a.path.localeCompare(b.path)));
    expect(sectionGroupsFor('staff').flatMap((group) => group.sections)).toEqual(
      sectionsFor('staff'),
    );
  });

  it('the current section: its own address, with or without a final slash', () => {
    expect(sectionOf('/dashboard')?.label).toBe('Menu del giorno');
    expect(sectionOf('/dashboard/')?.label).toBe('Menu del giorno');
    expect(sectionOf('/dashboard/evening')?.label).toBe('Sala');
    expect(sectionOf('/dashboard/events/')?.label).toBe('Eventi');
    expect(sectionOf('/dashboard/nothing-here')).toBeUndefined();
    expect(sectionOf('/login')).toBeUndefined();
  });
});
