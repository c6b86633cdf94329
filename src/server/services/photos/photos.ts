import type { Kysely, Selectable } from 'kysely';
import type { Database, PhotosTable } from '../../db/database.ts';
import type { DefaultPhotos } from '../../../app/context.ts';
import { LANGUAGE_NAMES_IT, type Lang, type TargetLang } from '../../../shared/languages.ts';
import {
  FIXED_PHOTO_SLOTS,
  photoSlotDesign,
  sectionIdOf,
  type PhotoSlot,
} from '../../../shared/photo-slots.ts';
import {
  PHOTO_SOURCE_TYPES,
  type PhotoPatch,
  type PhotoTranslationsAnswer,
  type PhotoView,
} from '../../../shared/schemas/photos.ts';
import { recordAudit, type AuditActor } from '../audit-log.ts';
import { ContentMemo, type ContentChanges } from '../content-version.ts';
import type { TextTranslations } from '../translation/text-translations.ts';
import type { TranslatableRecord } from '../translation/translatable.ts';
import { nowIso } from '../tokens.ts';
import { encodePhoto, type PhotoRefusal } from './encode.ts';
import { replaceImageFiles } from './image-files.ts';
import { dropSocialCards } from './social-card.ts';

type Actor = NonNullable<AuditActor>;
type PhotoRow = Selectable<PhotosTable>;

/** The alt texts' key in the translation engine; a record is a `photos` row. */
const ENTITY = 'photo';

/** A menu section as the photos see it: its slot's default depends on its seeded key. */
export interface PhotoSection {
  id: number;
  key: string | null;
  name: string;
}

const photoTexts = (row: Pick<PhotoRow, 'id' | 'alt'>): TranslatableRecord => ({
  id: row.id,
  fields: { alt: row.alt },
});

const srcset = (files: readonly { name: string; width: number }[]) =>
  files.map((file) => `/photos/${file.name} ${file.width}w`).join(', ');

export type UploadOutcome =
  | { ok: true; photo: PhotoView }
  | { ok: false; code: PhotoRefusal }
  | { ok: false; code: 'not-found' };

/**
 * A menu section's card upload (slot `section-{id}`), its files and its alt
 * text's translations removed in the caller's transaction: the section's
 * deletion, so that nothing of a slot that no longer exists stays behind.
 * Whether there was one.
 */
export async function removeSectionPhoto(
  trx: Kysely<Database>,
  translations: TextTranslations,
  sectionId: number,
): Promise<boolean> {
  const slot = `section-${sectionId}`;
  const row = await trx
    .deleteFrom('photos')
    .where('slot', '=', slot)
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await replaceImageFiles(trx, slot, []);
  await translations.forget(trx, ENTITY, row.id);
  return true;
}

/**
 * The site's photo slots (docs/api.md, "Photos"; docs/decisions/014): each
 * shows the owner's upload, else the picture shipped with the site. An
 * upload is decoded with limits and encoded by encode.ts, then stored with
 * its files, its alt text and its audit entry in one content change, so every
 * instance's pages show it within the content version's delay. Alt texts are
 * typed in Italian and translated by the engine; staff correct them per
 * language as they do the daily menu's.
 */
export class PhotosService {
  readonly #db: Kysely<Database>;
  readonly #content: ContentChanges;
  readonly #translations: TextTranslations;
  readonly #defaults: () => Promise<DefaultPhotos | undefined>;
  readonly #sections: (lang: Lang) => Promise<PhotoSection[]>;
  readonly #onChange: () => void;
  readonly #lists: ContentMemo<Lang, PhotoView[]>;

  constructor(options: {
    db: Kysely<Database>;
    content: ContentChanges;
    translations: TextTranslations;
    contentVersion: () => Promise<number | undefined>;
    /** The build's pictures; undefined when the server runs without pages (API tests). */
    defaults: () => Promise<DefaultPhotos | undefined>;
    /** The menu's sections in a language: each has a card slot. */
    sections: (lang: Lang) => Promise<PhotoSection[]>;
    /** After a change committed: the machine translates the alt text. */
    onChange?: () => void;
  }) {
    this.#db = options.db;
    this.#content = options.content;
    this.#translations = options.translations;
    this.#defaults = options.defaults;
    this.#sections = options.sections;
    this.#onChange = options.onChange ?? (() => {});
    this.#lists = new ContentMemo(options.contentVersion);
    this.#translations.register({
      name: ENTITY,
      records: async () => (await this.#rows(this.#db)).map(photoTexts),
    });
  }

  /** Every slot in a language: fixed slots first, then one per menu section, in menu order. */
  list(lang: Lang): Promise<PhotoView[]> {
    return this.#lists.get(lang, () => this.#readList(lang));
  }

  async #readList(lang: Lang): Promise<PhotoView[]> {
    const [rows, defaults, sections] = await Promise.all([
      this.#rows(this.#db),
      this.#defaults(),
      this.#sections(lang),
    ]);
    const localized = await this.#translations.localize(ENTITY, lang, rows.map(photoTexts));
    const files = await this.#db
      .selectFrom('image_files')
      .select(['owner', 'name', 'type', 'width'])
      .orderBy('width')
      .execute();
    const custom = new Map(
      rows.map((row): [string, PhotoView] => [
        row.slot,
        {
          slot: row.slot,
          custom: true,
          alt: localized.get(row.id)!.fields.alt!,
          focus: { x: row.focus_x, y: row.focus_y },
          width: row.width,
          height: row.height,
          sources: PHOTO_SOURCE_TYPES.map((type) => ({
            type,
            srcset: srcset(files.filter((file) => file.owner === row.slot && file.type === type)),
          })),
        },
      ]),
    );
    const shipped = (
      slot: string,
      picture: DefaultPhotos['sectionCards'][string],
      alt: string,
    ): PhotoView => {
      const { width, height, focus, sources } = picture;
      return { slot, custom: false, alt, focus, width, height, sources };
    };
    const views: PhotoView[] = [];
    for (const slot of FIXED_PHOTO_SLOTS) {
      const own = custom.get(slot);
      if (own) views.push(own);
      else if (defaults) {
        const picture = defaults.slots[slot];
        views.push(shipped(slot, picture, picture.alt[lang]));
      }
    }
    for (const section of sections) {
      const slot = `section-${section.id}`;
      const own = custom.get(slot);
      if (own) views.push(own);
      else if (defaults) {
        const picture =
          (section.key && defaults.sectionCards[section.key]) || defaults.slots['menu-header'];
        views.push(shipped(slot, picture, section.name));
      }
    }
    return views;
  }

  /** Whether a slot exists: a fixed one, or the card of a section that does. */
  async exists(slot: PhotoSlot, db: Kysely<Database> = this.#db): Promise<boolean> {
    const sectionId = sectionIdOf(slot);
    if (sectionId === null) return true;
    const section = await db
      .selectFrom('menu_sections')
      .select('id')
      .where('id', '=', sectionId)
      .executeTakeFirst();
    return section !== undefined;
  }

  /** The slot as GET answers it, in Italian. */
  async #italianView(slot: PhotoSlot): Promise<PhotoView> {
    return (await this.list('it')).find((view) => view.slot === slot)!;
  }

  /**
   * A new picture for a slot, replacing any earlier upload and its files. The
   * slow part (decoding, encoding) runs before the transaction, which then
   * only writes rows; a refused file changes nothing.
   */
  async upload(slot: PhotoSlot, bytes: Buffer, alt: string, actor: Actor): Promise<UploadOutcome> {
    if (!(await this.exists(slot))) return { ok: false, code: 'not-found' };
    const encoded = await encodePhoto(bytes, photoSlotDesign(slot).widths);
    if (!encoded.ok) return encoded;
    const { width, height, files } = encoded.photo;
    const stored = await this.#content.change(
      async (trx) => {
        if (!(await this.exists(slot, trx))) return false; // its section deleted meanwhile
        const now = nowIso();
        const before = await this.#row(trx, slot);
        if (before) {
          await trx
            .updateTable('photos')
            .set({ alt, width, height, focus_x: 0.5, focus_y: 0.5, updated_at: now })
            .where('id', '=', before.id)
            .execute();
        } else {
          await trx
            .insertInto('photos')
            .values({ slot, alt, width, height, focus_x: 0.5, focus_y: 0.5, updated_at: now })
            .execute();
        }
        await replaceImageFiles(
          trx,
          slot,
          files.map(({ name, type, width: w, height: h, bytes: b }) => ({
            name,
            type,
            width: w,
            height: h,
            bytes: b,
          })),
        );
        if (slot === 'hero') await dropSocialCards(trx);
        await recordAudit(trx, actor, {
          action: 'photo.upload',
          target: `photo:${slot}`,
          summary: `Foto «${slot}» ${before ? 'sostituita' : 'caricata'} (${width}×${height}).`,
        });
        return true;
      },
      (changed) => changed,
    );
    if (!stored) return { ok: false, code: 'not-found' };
    this.#onChange();
    return { ok: true, photo: await this.#italianView(slot) };
  }

  /** A new alt text or focal point for an upload; 'not-found' for a slot showing its default. */
  async patch(slot: PhotoSlot, patch: PhotoPatch, actor: Actor): Promise<PhotoView | 'not-found'> {
    const changed = await this.#content.change(
      async (trx) => {
        const row = (await this.exists(slot, trx)) ? await this.#row(trx, slot) : undefined;
        if (!row) return false;
        await trx
          .updateTable('photos')
          .set({
            ...(patch.alt === undefined ? {} : { alt: patch.alt }),
            ...(patch.focus ? { focus_x: patch.focus.x, focus_y: patch.focus.y } : {}),
            updated_at: nowIso(),
          })
          .where('id', '=', row.id)
          .execute();
        if (slot === 'hero' && patch.focus) await dropSocialCards(trx);
        const what = [
          ...(patch.alt === undefined ? [] : ['testo alternativo']),
          ...(patch.focus ? ['punto focale'] : []),
        ];
        await recordAudit(trx, actor, {
          action: 'photo.update',
          target: `photo:${slot}`,
          summary: `Foto «${slot}» aggiornata: ${what.join(', ') || 'nessun campo'}.`,
        });
        return true;
      },
      (done) => done,
    );
    if (!changed) return 'not-found';
    this.#onChange();
    return this.#italianView(slot);
  }

  /** "Ripristina": the slot shows the picture shipped with the site again. */
  async reset(slot: PhotoSlot, actor: Actor): Promise<'reset' | 'not-found'> {
    if (!(await this.exists(slot))) return 'not-found';
    const removed = await this.#content.change(
      async (trx) => {
        const row = await this.#row(trx, slot);
        if (!row) return false;
        await trx.deleteFrom('photos').where('id', '=', row.id).execute();
        await replaceImageFiles(trx, slot, []);
        await this.#translations.forget(trx, ENTITY, row.id);
        if (slot === 'hero') await dropSocialCards(trx);
        await recordAudit(trx, actor, {
          action: 'photo.reset',
          target: `photo:${slot}`,
          summary: `Foto «${slot}» riportata a quella predefinita.`,
        });
        return true;
      },
      (done) => done,
    );
    if (removed) this.#onChange();
    return 'reset';
  }

  /** Every language's machine and staff alt text of an upload; undefined for a default. */
  async translations(slot: PhotoSlot): Promise<PhotoTranslationsAnswer | undefined> {
    const row = (await this.exists(slot)) ? await this.#row(this.#db, slot) : undefined;
    if (!row) return undefined;
    const review = await this.#translations.review(ENTITY, photoTexts(row));
    return {
      translations: review.map(({ lang, fields }) => {
        const alt = fields.alt!;
        return {
          lang,
          machine: alt.machine === null ? null : { alt: alt.machine },
          staff: alt.staff === null ? null : { alt: alt.staff },
          staffStale: alt.staffStale,
        };
      }),
    };
  }

  /** Staff's alt text in one language, of the Italian they were shown. */
  async saveTranslation(
    slot: PhotoSlot,
    lang: TargetLang,
    alt: string,
    italian: string,
    actor: Actor,
  ): Promise<'saved' | 'italian-changed' | 'not-found'> {
    return this.#content.change(
      async (trx) => {
        const row = (await this.exists(slot, trx)) ? await this.#row(trx, slot) : undefined;
        if (!row) return 'not-found';
        return this.#translations.saveStaff(
          trx,
          ENTITY,
          photoTexts(row),
          lang,
          { alt },
          { alt: italian },
          actor,
          {
            action: 'photo.translation.update',
            target: `photo:${slot}:${lang}`,
            summary: `Testo alternativo della foto «${slot}» in ${LANGUAGE_NAMES_IT[lang]} corretto a mano.`,
          },
        );
      },
      (outcome) => outcome === 'saved',
    );
  }

  /** Back to the machine's alt text in one language. */
  async removeTranslation(
    slot: PhotoSlot,
    lang: TargetLang,
    actor: Actor,
  ): Promise<'removed' | 'not-found'> {
    const outcome = await this.#content.change(
      async (trx) => {
        const row = (await this.exists(slot, trx)) ? await this.#row(trx, slot) : undefined;
        if (!row) return 'not-found' as const;
        if (await this.#translations.removeStaff(trx, ENTITY, row.id, lang)) {
          await recordAudit(trx, actor, {
            action: 'photo.translation.reset',
            target: `photo:${slot}:${lang}`,
            summary: `Testo alternativo della foto «${slot}» in ${LANGUAGE_NAMES_IT[lang]} riportato a quello automatico.`,
          });
        }
        return 'removed' as const;
      },
      (done) => done === 'removed',
    );
    // The machine translates what staff's text stood for, if it never had.
    if (outcome === 'removed') this.#onChange();
    return outcome;
  }

  #rows(db: Kysely<Database>): Promise<PhotoRow[]> {
    return db.selectFrom('photos').selectAll().orderBy('id').execute();
  }

  #row(db: Kysely<Database>, slot: string): Promise<PhotoRow | undefined> {
    return db.selectFrom('photos').selectAll().where('slot', '=', slot).executeTakeFirst();
  }
}
