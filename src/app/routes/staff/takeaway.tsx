import type { LinksFunction } from 'react-router';
import { loadTakeawayBoard, TakeawayBoardScreen } from '../../features/takeaway-board/index.ts';
import takeawayBoardStylesHref from '../../styles/takeaway-board.css?url';
import type { Route } from './+types/takeaway';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: takeawayBoardStylesHref }];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadTakeawayBoard(request);
}

export default function Takeaway({ loaderData }: Route.ComponentProps) {
  return <TakeawayBoardScreen data={loaderData} />;
}
