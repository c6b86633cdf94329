import { useState, type Dispatch, type SetStateAction } from 'react';

/**
 * A form's draft of a record the server holds: it starts as the record, and
 * follows a newer record from the server (saved here or by a colleague)
 * unless staff are typing. `keep` takes a saved answer as the new start.
 */
export function useDraft<R, D>(
  record: R,
  draftOf: (record: R) => D,
): {
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  /** The draft differs from the record it started from. */
  dirty: boolean;
  keep: (saved: R) => void;
} {
  const [saved, setSaved] = useState(() => draftOf(record));
  const [draft, setDraft] = useState(saved);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const [shown, setShown] = useState(record);
  if (record !== shown) {
    setShown(record);
    const fresh = draftOf(record);
    setSaved(fresh);
    if (!dirty) setDraft(fresh);
  }

  const keep = (answer: R) => {
    const fresh = draftOf(answer);
    setSaved(fresh);
    setDraft(fresh);
  };
  return { draft, setDraft, dirty, keep };
}
