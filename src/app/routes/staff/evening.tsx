import type { LinksFunction } from 'react-router';
import { EveningScreen, loadEvening } from '../../features/evening/index.ts';
import eveningStylesHref from '../../styles/evening.css?url';
import type { Route } from './+types/evening';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: eveningStylesHref }];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadEvening(request);
}

export default function Evening({ loaderData }: Route.ComponentProps) {
  return <EveningScreen data={loaderData} />;
}
