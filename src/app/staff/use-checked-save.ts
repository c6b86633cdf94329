import { useState, type FormEvent } from 'react';
import type { ApiResult } from '../api/client.ts';
import type { SaveOptions } from './use-save.ts';
import { useStaffSave } from './use-staff-save.ts';

/**
 * The messages of a zod check of what a form would send (the server's own
 * schema), each once and in the order of the form; none when it passed.
 */
export function issuesOf(parsed: {
  success: boolean;
  error?: { issues: readonly { message: string }[] };
}): string[] {
  return parsed.success || !parsed.error
    ? []
    : [...new Set(parsed.error.issues.map((issue) => issue.message))];
}

/**
 * A back-office form whose problems show as one list (`FormProblems`): its
 * own check first, then the save with `useStaffSave`, a 400 naming fields
 * filling the same list.
 */
export function useCheckedSave() {
  const { save, busy } = useStaffSave();
  const [problems, setProblems] = useState<string[]>([]);

  /** Shows `found` (the form's own check) or, with none, runs `call`. */
  async function submit<T>(
    event: FormEvent<HTMLFormElement>,
    found: string[],
    call: (token: string) => Promise<ApiResult<T>>,
    options: SaveOptions<T>,
  ) {
    event.preventDefault();
    if (busy) return;
    setProblems(found);
    if (found.length > 0) return;
    await save(call, {
      ...options,
      // The list shows every field's messages; the form may show some by their field too.
      onInvalid: (fields) => {
        setProblems([...new Set(Object.values(fields).flat())]);
        options.onInvalid?.(fields);
      },
    });
  }

  return { submit, busy, problems };
}
