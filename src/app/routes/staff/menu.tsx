import { MenuEditor, loadMenuEditor } from '../../features/menu-editor/index.ts';
import type { Route } from './+types/menu';

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadMenuEditor(request);
}

export default function Menu({ loaderData }: Route.ComponentProps) {
  return <MenuEditor data={loaderData} />;
}
