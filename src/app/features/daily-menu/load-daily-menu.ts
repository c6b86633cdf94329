import type { ApiResult } from '../../api/client.ts';
import type { Loading } from '../../staff/index.ts';
import { fetchDailyMenu, type DailyMenuFields } from './daily-menu-api.ts';
import { mergeDrafts, readDrafts } from './drafts.ts';

/** What the daily-menu form opens with. */
export interface DailyMenuForm {
  /** The server's record. */
  saved: DailyMenuFields;
  /** What to show: the server's record with any unsaved draft on top. */
  shown: DailyMenuFields;
}

/**
 * The /dashboard route's client loader: the daily menu is public, so no
 * token. Not awaited, as in every back-office section. A menu that did not
 * load opens no form: an empty one, saved, would wipe the menu out.
 */
export function loadDailyMenuForm(): Loading<DailyMenuForm> {
  return fetchDailyMenu().then((result): ApiResult<DailyMenuForm> =>
    result.ok
      ? { ...result, data: { saved: result.data, shown: mergeDrafts(result.data, readDrafts()) } }
      : result,
  );
}
