import type { CSSProperties } from 'react';
import type { PhotoView } from '../../../shared/schemas/photos.ts';

/**
 * A slot's current picture as the server lists it: each format's `srcset`,
 * the JPEG one as the fallback `<img>` (its first file as `src`), with the
 * photo's own width and height so nothing moves while it loads.
 */
export function PhotoPicture({
  photo,
  sizes,
  className,
  style,
  lazy = false,
}: {
  photo: PhotoView;
  sizes: string;
  className?: string;
  style?: CSSProperties;
  lazy?: boolean;
}) {
  const fallback = photo.sources.find((source) => source.type === 'image/jpeg') ?? photo.sources[0];
  const others = photo.sources.filter((source) => source !== fallback);
  return (
    <picture>
      {others.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {/* The alt text is the form's own field beside it: the picture adds nothing to read. */}
      <img
        src={fallback?.srcset.split(/[\s,]+/)[0]}
        srcSet={fallback?.srcset}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt=""
        loading={lazy ? 'lazy' : undefined}
        className={className}
        style={style}
      />
    </picture>
  );
}
