import { useCallback, useEffect, useRef, useState } from 'react';
import { toLang, type Lang } from '../../../shared/languages.ts';
import { GUEST_SEARCH_MIN, type GuestRecord } from '../../../shared/schemas/guest-records.ts';
import { useUser } from '../../staff/index.ts';
import { useLoad } from '../use-load.ts';
import { fetchGuest, fetchGuests } from './guest-api.ts';

/** How long typing pauses before the server is asked, and how many guests are offered. */
export const LOOKUP_DELAY_MS = 250;
export const LOOKUP_SUGGESTIONS = 5;

/** The fields a guest is looked up from: a name as typed, a phone by its digits. */
export type LookupField = 'name' | 'phone';

/** What is asked for what was typed: null below GUEST_SEARCH_MIN characters (digits for a phone). */
function queryOf(field: LookupField, value: string): string | null {
  const q = (field === 'phone' ? value.replace(/\D/g, '') : value.trim()).slice(0, 100);
  return q.length >= GUEST_SEARCH_MIN ? q : null;
}

export interface GuestLookup {
  /** Tell it what was typed in a lookup field (the input's id names where the list opens). */
  typed: (inputId: string, field: LookupField, value: string) => void;
  /** The input whose suggestions are open, if any. */
  openOn: string | null;
  /** The input last typed in, while what it holds is long enough to look up. */
  typingIn: string | null;
  close: () => void;
  /** At most LOOKUP_SUGGESTIONS guests for what was typed. */
  suggestions: GuestRecord[];
  /** The server answered for what is typed now: the count can be said. */
  answered: boolean;
  highlighted: number;
  setHighlighted: (index: number) => void;
  pick: (guest: GuestRecord) => void;
  /** The guest chosen, whose notice the form shows until another is chosen or staff say it is not them. */
  picked: GuestRecord | null;
  forget: () => void;
}

/**
 * The phone forms' lookup of a returning guest (the booking form and the
 * phone order form): as staff type 3 characters or more of a name or a
 * phone, the server is asked once typing pauses (LOOKUP_DELAY_MS); a newer
 * question aborts the older one and only the latest answer is shown.
 * Picking a guest hands their details to `onPick`, and then their language
 * to `onLang` (the list's answer has none: it comes with the record).
 * A lookup that fails shows nothing: it is a help, the form works without it.
 */
export function useGuestLookup({
  onPick,
  onLang,
}: {
  onPick: (guest: GuestRecord) => void;
  onLang?: (lang: Lang) => void;
}): GuestLookup {
  const { token, currentToken } = useUser();
  const [typing, setTyping] = useState<{ inputId: string | null; q: string | null }>({
    inputId: null,
    q: null,
  });
  const [asked, setAsked] = useState<string | null>(null);
  const [found, setFound] = useState<{ q: string; guests: GuestRecord[] } | null>(null);
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [highlighted, setHighlighted] = useState(-1);
  const [picked, setPicked] = useState<GuestRecord | null>(null);
  const langRequest = useRef<AbortController | null>(null);
  const latest = useRef({ onPick, onLang });
  useEffect(() => {
    latest.current = { onPick, onLang };
  });

  useEffect(() => {
    if (typing.q === null) return;
    const q = typing.q;
    const timer = setTimeout(() => setAsked(q), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typing.q]);
  useEffect(() => () => langRequest.current?.abort(), []);

  // Only the pause's question is asked: a key that changes (or goes) aborts the call before.
  const current = token && asked !== null && asked === typing.q ? asked : null;
  useLoad(current, (signal) => fetchGuests(token ?? '', current, signal), {
    onAnswer: (answer) => {
      if (!answer.ok || current === null) return;
      setFound({ q: current, guests: answer.data.slice(0, LOOKUP_SUGGESTIONS) });
      setHighlighted(-1);
    },
  });

  const typed = useCallback((inputId: string, field: LookupField, value: string) => {
    const q = queryOf(field, value);
    setTyping({ inputId, q });
    setOpenOn(q === null ? null : inputId);
    if (q === null) setFound(null);
  }, []);

  const close = useCallback(() => {
    setOpenOn(null);
    setHighlighted(-1);
  }, []);

  const pick = useCallback(
    (guest: GuestRecord) => {
      setPicked(guest);
      setTyping({ inputId: null, q: null });
      setFound(null);
      close();
      latest.current.onPick(guest);
      const token = currentToken();
      if (!latest.current.onLang || !token) return;
      langRequest.current?.abort();
      const controller = new AbortController();
      langRequest.current = controller;
      fetchGuest(token, guest.key, controller.signal).then(
        (answer) => {
          const lang = answer.ok ? toLang(answer.data.lang) : null;
          if (lang && !controller.signal.aborted) latest.current.onLang?.(lang);
        },
        () => {
          // Aborted: another guest was picked, or the form closed.
        },
      );
    },
    [close, currentToken],
  );

  const suggestions = typing.q !== null && found ? found.guests : [];
  return {
    typed,
    openOn: suggestions.length > 0 ? openOn : null,
    typingIn: typing.q === null ? null : typing.inputId,
    close,
    suggestions,
    answered: typing.q !== null && found?.q === typing.q,
    highlighted,
    setHighlighted,
    pick,
    picked,
    forget: () => setPicked(null),
  };
}
