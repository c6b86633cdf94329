import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import Skeleton from 'react-loading-skeleton';
import type { DailyMenuForVisitors } from '../../context.ts';
import { splitList } from '../../../shared/lists.ts';

/**
 * The home page's daily-menu block: the title, one list item per dish, the
 * extra information as badges. It arrives in the page's language from the
 * server (translated when staff save); while another language loads after a
 * switch, a skeleton stands in. Staff text is rendered as text, never as
 * markup.
 */
export function DailyMenuBlock({ menu }: { menu: DailyMenuForVisitors }) {
  const { t } = useTranslation('home');
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const dishes = splitList(menu.descrizione);
  const extras = splitList(menu.infoAggiuntive);
  // A language switch reloads this page's data: by revalidation, or by
  // navigating to the same page with another `?lng=`.
  const loading =
    revalidator.state === 'loading' ||
    (navigation.state === 'loading' && navigation.location.pathname === pathname);
  return (
    <section className="daily-menu" aria-labelledby="daily-menu-title" aria-busy={loading}>
      <p className="daily-menu__eyebrow">{t('dailyMenu.eyebrow')}</p>
      {loading ? (
        <div className="daily-menu__skeleton" role="status" aria-label={t('dailyMenu.loading')}>
          <h2 id="daily-menu-title">
            <Skeleton width="60%" />
          </h2>
          <Skeleton count={4} />
          <Skeleton width="40%" />
        </div>
      ) : (
        <>
          <h2 id="daily-menu-title">{menu.titolo}</h2>
          {dishes.length > 0 && (
            <ul className="daily-menu__dishes" aria-label={t('dailyMenu.dishes')}>
              {dishes.map((dish, index) => (
                <li key={`${index}-${dish}`}>{dish}</li>
              ))}
            </ul>
          )}
          {extras.length > 0 && (
            <ul className="daily-menu__extras" aria-label={t('dailyMenu.extras')}>
              {extras.map((extra, index) => (
                <li key={`${index}-${extra}`} className="badge">
                  {extra}
                </li>
              ))}
            </ul>
          )}
          {menu.translation === 'machine' && (
            <p className="daily-menu__note">{t('dailyMenu.machineNote')}</p>
          )}
        </>
      )}
    </section>
  );
}
