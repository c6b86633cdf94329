import { apiRequest, parseAnswer, type ApiResult } from '../api/client.ts';
import { menuAnswer, type MenuAnswer } from '../../shared/schemas/menu.ts';

/**
 * GET /api/menu?lang=it: the whole menu in Italian, in menu order, public (no
 * token). The menu editor, the photos' dish slots and the phone order read it.
 */
export async function fetchMenu(signal?: AbortSignal): Promise<ApiResult<MenuAnswer>> {
  return parseAnswer(await apiRequest('GET', '/menu?lang=it', { signal }), menuAnswer);
}
