import { useTranslation } from 'react-i18next';
import type { Route } from './+types/contact';
import { publicPageMeta } from '../../seo.ts';

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches[0].loaderData, 'contact', '/contact');

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

export default function Page() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <h1>{t('pages.contact')}</h1>
    </main>
  );
}
