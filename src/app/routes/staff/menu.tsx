import { MenuEditor, loadMenuEditor } from '../../features/menu-editor/index.ts';
import type { Route } from './+types/menu';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadMenuEditor(request);
}
// A direct visit loads in the browser too (the layout shows the spinner meanwhile).
clientLoader.hydrate = true as const;

export default function Menu({ loaderData }: Route.ComponentProps) {
  return <MenuEditor data={loaderData} />;
}
