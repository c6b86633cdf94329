/**
 * The site's picture slots (docs/api.md, "Photos"): the places the design
 * has for a photo, each filled by the owner's upload or by the picture
 * shipped with the site. Server (what to make), pages (how to draw) and the
 * back office (what the crop will show) read them here.
 */

export const FIXED_PHOTO_SLOTS = [
  'hero',
  'gallery-1',
  'gallery-2',
  'gallery-3',
  'gallery-4',
  'gallery-5',
  'grid-1',
  'grid-2',
  'grid-3',
  'grid-4',
  'grid-5',
  'grid-6',
  'location',
  'experience',
  'about-1',
  'about-2',
  'about-3',
  'menu-header',
] as const;
export type FixedPhotoSlot = (typeof FIXED_PHOTO_SLOTS)[number];
/** A menu section's card: `section-{id}`, the section's database id. */
export type SectionPhotoSlot = `section-${number}`;
export type PhotoSlot = FixedPhotoSlot | SectionPhotoSlot;

const SECTION_SLOT = /^section-([1-9][0-9]{0,9})$/;

/** The slot a path names, or null: an unknown name is a 404, never a new slot. */
export function toPhotoSlot(name: string): PhotoSlot | null {
  if ((FIXED_PHOTO_SLOTS as readonly string[]).includes(name)) return name as FixedPhotoSlot;
  return SECTION_SLOT.test(name) ? (name as SectionPhotoSlot) : null;
}

/** The section id of a `section-{id}` slot, else null. */
export function sectionIdOf(slot: PhotoSlot): number | null {
  const match = SECTION_SLOT.exec(slot);
  return match ? Number(match[1]) : null;
}

/**
 * How a slot is drawn: the widths its files are made at (never wider than
 * the upload) and the shape the page crops it to, width / height, centred on
 * the photo's focus. The shapes are those of the pictures shipped with the
 * site (content/images), so a default and an upload fill the same box.
 */
export interface PhotoSlotDesign {
  widths: readonly number[];
  aspect: number;
}

const WIDE = [480, 960, 1600] as const;

export function photoSlotDesign(slot: PhotoSlot): PhotoSlotDesign {
  if (slot === 'hero') return { widths: WIDE, aspect: 16 / 9 };
  if (slot === 'menu-header') return { widths: WIDE, aspect: 16 / 5 };
  if (slot === 'location' || slot === 'experience') return { widths: WIDE, aspect: 3 / 2 };
  if (slot.startsWith('about-')) return { widths: WIDE, aspect: 4 / 3 };
  if (slot.startsWith('gallery-')) return { widths: [320, 640, 800], aspect: 4 / 3 };
  if (slot.startsWith('grid-')) return { widths: [300, 600], aspect: 1 };
  return { widths: [240, 480], aspect: 1 };
}
