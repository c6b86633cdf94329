import { loadPhotos, PhotosSection } from '../../features/site-photos/index.ts';
import type { Route } from './+types/photos';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadPhotos(request);
}

export default function Photos({ loaderData }: Route.ComponentProps) {
  return <PhotosSection data={loaderData} />;
}
