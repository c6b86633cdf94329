import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';

/** How often, and how many times, a review asks again while the server translates. */
export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 10;

/**
 * The server translates in the background after a save: while `waiting`
 * (some language has its machine text, so a provider works, and another
 * not yet), the section's loader runs again every 2 s, ten times at most.
 */
export function useTranslationPoll(waiting: boolean) {
  const revalidator = useRevalidator();
  const [polls, setPolls] = useState(0);
  const asking = waiting && polls < MAX_POLLS;
  useEffect(() => {
    if (!asking) return;
    const timer = setTimeout(() => {
      setPolls((count) => count + 1);
      void revalidator.revalidate();
    }, POLL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [asking, polls, revalidator]);
}
