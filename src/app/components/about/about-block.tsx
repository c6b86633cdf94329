import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ResponsiveImageData } from '../../../../scripts/vite-responsive-images.ts';
import { ResponsiveImage } from '../responsive-image.tsx';

export const ABOUT_IMAGE_SIZES = '(min-width: 1200px) 560px, (min-width: 768px) 46vw, 100vw';

interface Props {
  id: string;
  title: string;
  image: ResponsiveImageData;
  imageAlt: string;
  /** Label of the button to /contact every block ends with. */
  contactLabel: string;
  /** The image on the right on wide screens; the blocks alternate. */
  imageRight?: boolean;
  /** The first block's image is in view on arrival: not lazy. */
  priority?: boolean;
  /** More buttons, shown before the contact one. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One text-and-image block of the about-us page; stacked below 768 px. */
export function AboutBlock({
  id,
  title,
  image,
  imageAlt,
  contactLabel,
  imageRight = false,
  priority = false,
  actions,
  children,
}: Props) {
  return (
    <section
      className={`about-block${imageRight ? ' about-block--image-right' : ''}`}
      aria-labelledby={id}
    >
      <div className="about-block__text">
        <h2 id={id}>{title}</h2>
        {children}
        <p className="about-block__actions">
          {actions}
          <Link className="button button--ghost" to="/contact">
            {contactLabel}
          </Link>
        </p>
      </div>
      <ResponsiveImage
        className="about-block__media"
        image={image}
        alt={imageAlt}
        sizes={ABOUT_IMAGE_SIZES}
        priority={priority}
      />
    </section>
  );
}
