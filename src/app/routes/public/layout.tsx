import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TopBar } from '../../components/top-bar.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import { LanguageSelect } from '../../components/language-select.tsx';

/** Public layout: top bar, page, language dropdown, footer. */
export default function PublicLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <TopBar />
      <Outlet />
      <LanguageSelect />
      <SiteFooter />
    </>
  );
}
