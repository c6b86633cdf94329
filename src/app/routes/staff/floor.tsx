import type { LinksFunction } from 'react-router';
import { mayOpen, sectionAt } from '../../back-office/sections.ts';
import { withSessionToken } from '../../staff/index.ts';
import { fetchFloorPlan, FloorEditor } from '../../features/floor-editor/index.ts';
import floorEditorStylesHref from '../../styles/floor-editor.css?url';
import type { Route } from './+types/floor';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: floorEditorStylesHref }];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return {
    // Not awaited: the section opens at once with its loading text. Only who may open it is asked.
    plan: withSessionToken(async (token, user) =>
      mayOpen(sectionAt('floor'), user?.role) ? fetchFloorPlan(token, request.signal) : null,
    ),
  };
}

export default function Floor({ loaderData }: Route.ComponentProps) {
  return <FloorEditor plan={loaderData.plan} />;
}
