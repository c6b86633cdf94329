import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';

/**
 * The pieces of the pages a guest's e-mail links to with a token (a
 * booking's cancel page, a takeaway order's status page); each page keeps its
 * own words. The server's side is token-link.server.ts.
 */

/** What the link or the press came to; after a press the focus moves to it. One a page. */
export function LinkOutcome({
  title,
  focus,
  children,
}: {
  title: string;
  focus: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="booking-card" aria-labelledby="link-outcome-title">
      <h2 id="link-outcome-title" ref={heading} tabIndex={-1} autoFocus={focus || undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The page's one button: it posts the link's token to the page's action (opening the page cancels nothing). */
export function CancelByLinkForm({
  token,
  className,
  label,
  sendingLabel,
  children,
}: {
  token: string;
  className?: string;
  label: string;
  sendingLabel: string;
  /** What the button's press is about, above it. */
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  return (
    <Form method="post" className={className} aria-busy={sending || undefined}>
      {children}
      <input type="hidden" name="token" value={token} />
      <button className="button" type="submit" disabled={sending}>
        {sending && <span className="spinner spinner--small" aria-hidden />}
        {sending ? sendingLabel : label}
      </button>
    </Form>
  );
}
