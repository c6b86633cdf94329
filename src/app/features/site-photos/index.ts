/** The back office's "Foto" section (/dashboard/photos): every slot's picture, replaced from a phone. */
export { PhotosSection } from './photos-section.tsx';
export { loadPhotos, type PhotosData } from './load-photos.ts';
