import { useTranslation } from 'react-i18next';

/** Full-screen spinner (the /loading page, and while a message is sent). */
export function FullScreenSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-screen" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
