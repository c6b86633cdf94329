import type { LinksFunction } from 'react-router';
import { loadReports, ReportsPage } from '../../features/reports/index.ts';
import reportsStylesHref from '../../styles/reports.css?url';
import type { Route } from './+types/reports';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: reportsStylesHref }];

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadReports(request);
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  return <ReportsPage data={loaderData} />;
}
