import type { ItemTranslationsAnswer, MenuAnswer } from '../../../shared/schemas/menu.ts';
import { withSessionToken, type Loading } from '../../staff/index.ts';
import { fetchItemTranslations } from './menu-editor-api.ts';
import { fetchMenu } from '../../staff-kit/index.ts';

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
  /** The whole menu in Italian. */
  menu: Loading<MenuAnswer>;
  /** The dish's translations, on a dish's screen. */
  translations: Loading<ItemTranslationsAnswer> | null;
}

/**
 * The /dashboard/menu route's client loader. Not awaited, as in every
 * back-office section: the section opens at once with its loading text.
 */
export function loadMenuEditor(request: Request): MenuEditorData {
  const screen = screenOf(new URL(request.url).searchParams);
  return {
    screen,
    menu: withSessionToken(() => fetchMenu(request.signal)),
    translations:
      screen.kind === 'dish'
        ? withSessionToken((token) => fetchItemTranslations(token, screen.itemId, request.signal))
        : null,
  };
}
