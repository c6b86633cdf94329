import { useTranslation } from 'react-i18next';
import type { Route } from './+types/about-us';
import { publicPageMeta } from '../../seo.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'about', '/about-us');

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

export default function Page() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <h1>{t('pages.about')}</h1>
    </main>
  );
}
