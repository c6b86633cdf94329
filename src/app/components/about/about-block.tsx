import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PhotoView } from '../../../shared/schemas/photos.ts';
import { Photo } from '../photo.tsx';

const ABOUT_IMAGE_SIZES = '(min-width: 1200px) 560px, (min-width: 768px) 46vw, 100vw';

interface Props {
  id: string;
  title: string;
  photo: PhotoView;
  /** Label of the button to /contact every block ends with (SPEC.md, "About-us"). */
  actionLabel: string;
  /** The image on the right on wide screens; the blocks alternate. */
  imageRight?: boolean;
  /** The first block's picture is in view on arrival on most screens (its likely LCP): preloaded. */
  priority?: boolean;
  /** More buttons, shown before the contact one. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One text-and-image block of the about-us page; stacked below 768 px. */
export function AboutBlock({
  id,
  title,
  photo,
  actionLabel,
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
            {actionLabel}
          </Link>
        </p>
      </div>
      <Photo
        className="about-block__media"
        photo={photo}
        sizes={ABOUT_IMAGE_SIZES}
        priority={priority}
      />
    </section>
  );
}
