import { data } from 'react-router';
import type { Route } from './+types/not-found';
import { publicPageMeta } from '../../seo.ts';
import { NotFoundContent } from '../../components/error-page.tsx';

/** Any unknown path: the 404 page with HTTP status 404, inside the public layout. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  publicPageMeta(matches[0].loaderData, 'notFound', location.pathname);

export default function NotFound() {
  return (
    <main id="main" className="page page--narrow">
      <NotFoundContent />
    </main>
  );
}
