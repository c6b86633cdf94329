import { useId } from 'react';
import { Link } from 'react-router';
import { sectionIdOf, toPhotoSlot, type PhotoSlot } from '../../../shared/photo-slots.ts';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { LoadedPanel, StaffPanel } from '../../staff/index.ts';
import { AltTranslations } from './alt-translations.tsx';
import type { PhotosData, PhotoSlots } from './load-photos.ts';
import { PhotoEditor } from './photo-editor.tsx';
import { PhotoPicture } from './photo-picture.tsx';
import { PHOTOS_TEXTS as T, slotLabel } from './photos-texts.ts';

type Group = keyof typeof T.groups;

/** The page a slot is on, as the list groups them. */
function groupOf(slot: string): Group {
  if (slot.startsWith('about-')) return 'about';
  if (slot === 'menu-header' || slot.startsWith('section-')) return 'menu';
  return 'home';
}

function labelOf(slot: PhotoSlot, { sectionNames }: PhotoSlots): string {
  const sectionId = sectionIdOf(slot);
  return slotLabel(slot, sectionId === null ? undefined : sectionNames.get(sectionId));
}

/**
 * The back office's "Foto" section (/dashboard/photos): every slot of the
 * site with its picture, and one slot's form when the address names it.
 * Owners and staff both change photos.
 */
export function PhotosSection({ data }: { data: PhotosData }) {
  const { slot, translations } = data;
  return (
    <StaffPanel title={T.title} intro={T.intro} heading="h1" className="site-photos">
      <LoadedPanel
        loading={data.slots}
        texts={{ loading: T.loading, loadFailed: T.loadFailed, retry: T.retry }}
      >
        {(slots) => {
          const photo = slot ? slots.photos.find((view) => view.slot === slot) : undefined;
          if (!slot || !photo) {
            return (
              <>
                {data.unknownSlot || slot ? <p role="status">{T.unknownSlot}</p> : null}
                <PhotoList slots={slots} />
              </>
            );
          }
          return (
            <>
              <Link to="/dashboard/photos" className="photo-editor__back">
                {T.back}
              </Link>
              {/* A new slot's form starts from its own photo, not the last one's draft. */}
              <PhotoEditor key={slot} slot={slot} photo={photo} label={labelOf(slot, slots)} />
              {photo.custom && translations ? (
                <AltTranslations slot={slot} italian={photo.alt} translations={translations} />
              ) : (
                <p className="staff-hint">{T.defaultTranslated}</p>
              )}
            </>
          );
        }}
      </LoadedPanel>
    </StaffPanel>
  );
}

function PhotoList({ slots }: { slots: PhotoSlots }) {
  const id = useId();
  const groups = (Object.keys(T.groups) as Group[])
    .map((group) => ({
      group,
      photos: slots.photos.filter((photo) => groupOf(photo.slot) === group),
    }))
    .filter(({ photos }) => photos.length > 0);
  return groups.map(({ group, photos }) => (
    <section key={group} aria-labelledby={`${id}-${group}`} className="photo-list__group">
      <h2 id={`${id}-${group}`} className="staff-panel__subtitle">
        {T.groups[group]}
      </h2>
      <ul className="photo-list">
        {photos.map((photo) => (
          <PhotoRow key={photo.slot} photo={photo} slots={slots} />
        ))}
      </ul>
    </section>
  ));
}

function PhotoRow({ photo, slots }: { photo: PhotoView; slots: PhotoSlots }) {
  const slot = toPhotoSlot(photo.slot);
  if (!slot) return null;
  const label = labelOf(slot, slots);
  return (
    <li>
      <Link
        to={`/dashboard/photos?foto=${slot}`}
        className="photo-list__item"
        aria-label={T.open(label)}
      >
        <PhotoPicture photo={photo} sizes="96px" className="photo-list__thumb" lazy />
        <span className="photo-list__name">{label}</span>
        <span className={`staff-badge${photo.custom ? ' staff-badge--accepted' : ''}`}>
          {photo.custom ? T.custom : T.default}
        </span>
      </Link>
    </li>
  );
}
