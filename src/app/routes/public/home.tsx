import { useTranslation } from 'react-i18next';
import type { Route } from './+types/home';
import { publicPageMeta } from '../../seo.ts';
import { rootMetaData } from '../../root-meta.ts';

export const meta = ({ matches }: Route.MetaArgs) =>
  publicPageMeta(rootMetaData(matches), 'home', '/');

export { RouteErrorBoundary as ErrorBoundary } from '../../components/error-page.tsx';

export default function Page() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <h1>{t('pages.home')}</h1>
    </main>
  );
}
