import type { ApiResult } from '../../api/client.ts';
import type { ItemTranslationsAnswer, MenuAnswer } from '../../../shared/schemas/menu.ts';
import { storedToken } from '../auth/index.ts';
import { fetchItemTranslations, fetchMenu } from './menu-editor-api.ts';

/**
 * Which screen of /dashboard/menu the address asks for: the list, one dish's
 * form (`?piatto=ID`) or a new dish's (`?nuovo=SECTION_ID`). In the address,
 * so that the phone's back button closes a form and a login brings staff back
 * to the dish they were editing.
 */
export type MenuScreen =
  | { kind: 'list'; openSection: number | null }
  | { kind: 'dish'; itemId: number }
  | { kind: 'new-dish'; sectionId: number };

const idIn = (params: URLSearchParams, name: string) => {
  const value = params.get(name);
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
};

export function screenOf(params: URLSearchParams): MenuScreen {
  const itemId = idIn(params, 'piatto');
  if (itemId !== null) return { kind: 'dish', itemId };
  const sectionId = idIn(params, 'nuovo');
  if (sectionId !== null) return { kind: 'new-dish', sectionId };
  return { kind: 'list', openSection: idIn(params, 'sezione') };
}

export interface MenuEditorData {
  screen: MenuScreen;
  menu: ApiResult<MenuAnswer>;
  /** The dish's translations, on a dish's screen. */
  translations: ApiResult<ItemTranslationsAnswer> | null;
}

/** The /dashboard/menu route's client loader: the Italian menu, and the open dish's translations. */
export async function loadMenuEditor(request: Request): Promise<MenuEditorData> {
  const screen = screenOf(new URL(request.url).searchParams);
  const token = storedToken();
  const [menu, translations] = await Promise.all([
    fetchMenu(request.signal),
    screen.kind === 'dish' && token
      ? fetchItemTranslations(token, screen.itemId, request.signal)
      : null,
  ]);
  return { screen, menu, translations };
}
