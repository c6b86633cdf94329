/** The `sizes` of a home split section's picture (.home-split__media: half the width from 768 px, 600 px at most). */
export const HOME_SPLIT_IMAGE_SIZES = '(min-width: 1200px) 600px, (min-width: 768px) 50vw, 100vw';
