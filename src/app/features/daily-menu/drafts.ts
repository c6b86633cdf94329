import type { DailyMenuField, DailyMenuFields } from './daily-menu-api.ts';

/**
 * The text as typed, in local storage under `title`, `descrizione` and
 * `infoAggiuntive`, so that it survives a session that expires mid-edit and
 * the trip through /login. A draft is shown instead of the server's text until
 * it is saved.
 */
const DRAFT_KEYS: Record<DailyMenuField, string> = {
  titolo: 'title',
  descrizione: 'descrizione',
  infoAggiuntive: 'infoAggiuntive',
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readDrafts(): Partial<DailyMenuFields> {
  const drafts: Partial<DailyMenuFields> = {};
  const store = storage();
  for (const [field, key] of Object.entries(DRAFT_KEYS) as [DailyMenuField, string][]) {
    try {
      const value = store?.getItem(key);
      if (typeof value === 'string') drafts[field] = value;
    } catch {
      // storage unavailable: no drafts
    }
  }
  return drafts;
}

export function writeDraft(field: DailyMenuField, value: string): void {
  try {
    storage()?.setItem(DRAFT_KEYS[field], value);
  } catch {
    // storage full or unavailable: the text stays in the form only
  }
}

export function clearDrafts(): void {
  const store = storage();
  for (const key of Object.values(DRAFT_KEYS)) {
    try {
      store?.removeItem(key);
    } catch {
      // nothing to clear
    }
  }
}

/** The fields to show: each draft wins over the server's value. */
export function mergeDrafts(
  server: DailyMenuFields,
  drafts: Partial<DailyMenuFields>,
): DailyMenuFields {
  return {
    titolo: drafts.titolo ?? server.titolo,
    descrizione: drafts.descrizione ?? server.descrizione,
    infoAggiuntive: drafts.infoAggiuntive ?? server.infoAggiuntive,
  };
}
