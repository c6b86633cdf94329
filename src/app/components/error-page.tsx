import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The 404 page: links back home and to /contact. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <section className="error-page" aria-labelledby="error-title">
      <p className="error-page__code">404</p>
      <h1 id="error-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <div className="error-page__actions">
        <Link className="button" to="/">
          {t('notFound.home')}
        </Link>
        <Link className="button button--ghost" to="/contact">
          {t('notFound.contact')}
        </Link>
      </div>
    </section>
  );
}

const KNOWN_STATUSES = [400, 403, 404, 405] as const;

/**
 * Router errors (400, 403, 404, 405) as a translated page
 * with that status; anything unexpected as a generic one, never a stack.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) {
    return (
      <main id="main" className="page page--narrow">
        <title>{t('notFound.title')}</title>
        <meta name="robots" content="noindex" />
        <NotFoundContent />
      </main>
    );
  }
  const known = KNOWN_STATUSES.find((s) => s === status);
  const title = known ? t(`errors.${known}`) : t('errors.500');
  return (
    <main id="main" className="page page--narrow">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-page__code">{status}</p>
        <h1 id="error-title">{title}</h1>
        <p>{t('errors.body')}</p>
        <div className="error-page__actions">
          <Link className="button" to="/">
            {t('errors.home')}
          </Link>
        </div>
      </section>
    </main>
  );
}
