import { apiRequest, fetchFile, parseAnswer, type ApiResult } from '../../api/client.ts';
import {
  createdAnswer,
  itemTranslationsAnswer,
  staffItemAnswer,
  type ItemCreateBody,
  type ItemPatchBody,
  type ItemTextField,
  type ItemTranslationsAnswer,
  type SectionCreateBody,
  type SectionPatchBody,
  type StaffItemAnswer,
} from '../../../shared/schemas/menu.ts';
import type { TargetLang } from '../../../shared/languages.ts';
import { menuImportAnswer, type MenuImportAnswer } from '../../../shared/schemas/menu-csv.ts';

/** The calls of docs/api.md, "Menu", as the editor makes them. */

export async function createSection(
  token: string,
  body: SectionCreateBody,
): Promise<ApiResult<{ id: number }>> {
  return parseAnswer(await apiRequest('POST', '/menu/sections', { token, body }), createdAnswer);
}

export function updateSection(
  token: string,
  id: number,
  body: SectionPatchBody,
): Promise<ApiResult<unknown>> {
  return apiRequest('PATCH', `/menu/sections/${id}`, { token, body });
}

export function deleteSection(token: string, id: number): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', `/menu/sections/${id}`, { token });
}

export async function createItem(
  token: string,
  body: ItemCreateBody,
): Promise<ApiResult<StaffItemAnswer>> {
  return parseAnswer(await apiRequest('POST', '/menu/items', { token, body }), staffItemAnswer);
}

export async function updateItem(
  token: string,
  id: number,
  body: ItemPatchBody,
): Promise<ApiResult<StaffItemAnswer>> {
  return parseAnswer(
    await apiRequest('PATCH', `/menu/items/${id}`, { token, body }),
    staffItemAnswer,
  );
}

export function deleteItem(token: string, id: number): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', `/menu/items/${id}`, { token });
}

export async function fetchItemTranslations(
  token: string,
  id: number,
  signal?: AbortSignal,
): Promise<ApiResult<ItemTranslationsAnswer>> {
  return parseAnswer(
    await apiRequest('GET', `/menu/items/${id}/translations`, { token, signal }),
    itemTranslationsAnswer,
  );
}

export async function saveItemTranslation(
  token: string,
  id: number,
  lang: TargetLang,
  texts: Partial<Record<ItemTextField, string>>,
  italian: Partial<Record<ItemTextField, string>>,
): Promise<ApiResult<ItemTranslationsAnswer>> {
  return parseAnswer(
    await apiRequest('PUT', `/menu/items/${id}/translations/${lang}`, {
      token,
      body: { ...texts, italian },
    }),
    itemTranslationsAnswer,
  );
}

export async function resetItemTranslation(
  token: string,
  id: number,
  lang: TargetLang,
): Promise<ApiResult<ItemTranslationsAnswer>> {
  return parseAnswer(
    await apiRequest('DELETE', `/menu/items/${id}/translations/${lang}`, { token }),
    itemTranslationsAnswer,
  );
}

/** GET /api/menu/export.csv as the file's bytes (its byte-order mark kept: `fetchFile`). */
export const exportMenuCsv = (token: string) => fetchFile(token, '/api/menu/export.csv');

/** POST /api/menu/import/preview: what the file would change; nothing changes yet. */
export async function previewMenuImport(
  token: string,
  csv: string,
): Promise<ApiResult<MenuImportAnswer>> {
  return parseAnswer(
    await apiRequest('POST', '/menu/import/preview', { token, body: { csv } }),
    menuImportAnswer,
  );
}

/** POST /api/menu/import: the file becomes the menu, all of it or nothing. */
export async function importMenu(token: string, csv: string): Promise<ApiResult<MenuImportAnswer>> {
  return parseAnswer(
    await apiRequest('POST', '/menu/import', { token, body: { csv } }),
    menuImportAnswer,
  );
}
