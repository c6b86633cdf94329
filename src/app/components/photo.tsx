import { preload } from 'react-dom';
import { photoSlotDesign, toPhotoSlot } from '../../shared/photo-slots.ts';
import type { PhotoView } from '../../shared/schemas/photos.ts';

interface Props {
  /** The slot as the server gave it (the owner's upload or the shipped picture). */
  photo: PhotoView;
  /** The `sizes` attribute: how wide the picture is drawn, so the browser picks a file. */
  sizes: string;
  /**
   * Above the fold (the LCP picture): preloaded with the page, fetched at once
   * with high priority. Otherwise lazy.
   */
  priority?: boolean;
  /** A card whose label says it all: the picture is decoration (alt=""). */
  decorative?: boolean;
  className?: string;
}

/** The focus in 5 % steps: the classes in app.css that place the crop (the CSP allows no inline style). */
const step = (value: number) => Math.round(value * 20) * 5;

/** The JPEG for browsers without `srcset`: the first at least 960 wide, else the largest. */
export function fallbackSrc(photo: PhotoView): string {
  const jpeg = photo.sources.find((source) => source.type === 'image/jpeg')!;
  const entries = jpeg.srcset.split(', ').map((entry) => {
    const [url = '', width = '0w'] = entry.split(' ');
    return { url, width: Number.parseInt(width, 10) };
  });
  return (entries.find((entry) => entry.width >= 960) ?? entries[entries.length - 1]!).url;
}

/**
 * A slot's picture as AVIF, WebP or JPEG at the width it is drawn, cropped to
 * the slot's shape (its `aspect`, src/shared/photo-slots.ts) around the
 * photo's focus: the box's width and height are set, so nothing shifts
 * while it loads, whatever the upload's own proportions.
 */
export function Photo({ photo, sizes, priority = false, decorative = false, className }: Props) {
  const slot = toPhotoSlot(photo.slot);
  const aspect = slot ? photoSlotDesign(slot).aspect : photo.width / photo.height;
  const width = photo.width;
  const height = Math.round(width / aspect);
  const avif = photo.sources.find((source) => source.type === 'image/avif');
  const webp = photo.sources.find((source) => source.type === 'image/webp');
  const jpeg = photo.sources.find((source) => source.type === 'image/jpeg')!;
  if (priority && avif) {
    // Route `links` cannot see the loader's data: React puts this in <head> as it renders.
    preload(fallbackSrc(photo), {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: avif.srcset,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  const focus = `photo fx-${step(photo.focus.x)} fy-${step(photo.focus.y)}`;
  return (
    <picture className={className ? `${className} ${focus}` : focus}>
      {avif ? <source type="image/avif" srcSet={avif.srcset} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp.srcset} sizes={sizes} /> : null}
      <img
        src={fallbackSrc(photo)}
        srcSet={jpeg.srcset}
        sizes={sizes}
        alt={decorative ? '' : photo.alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}

/** The slots a page shows, by name, from the list the server gave (a missing one is a server bug). */
export function photosBySlot<S extends string>(
  photos: readonly PhotoView[],
  slots: readonly S[],
): Record<S, PhotoView> {
  const bySlot = new Map(photos.map((photo) => [photo.slot, photo]));
  return Object.fromEntries(slots.map((slot) => [slot, bySlot.get(slot)!])) as Record<S, PhotoView>;
}
