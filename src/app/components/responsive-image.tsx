import type { ResponsiveImageData } from '../../../scripts/vite-responsive-images.ts';

interface Props {
  image: ResponsiveImageData;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn, so the browser picks a file. */
  sizes: string;
  /** Above the fold (the LCP image): loaded at once with high priority. Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/** An image as AVIF, WebP or JPEG at the width it is drawn, with its size set (no layout shift). */
export function ResponsiveImage({ image, alt, sizes, priority = false, className }: Props) {
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcSet.webp} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcSet.jpeg}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
