import { useId, type ReactNode } from 'react';

/**
 * A back-office panel: a section named by its title, the intro that says what
 * it is for, then its content. `titleId` names the title for a form inside
 * that is labelled by it.
 */
export function StaffPanel({
  title,
  intro,
  heading: Heading = 'h2',
  titleId,
  className,
  id,
  actions,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** h1 for the page's own panel. */
  heading?: 'h1' | 'h2';
  titleId?: string;
  /** More classes than staff-panel. */
  className?: string;
  /** The section's anchor. */
  id?: string;
  /** A compact control kept on the title's row (the kitchen board's sound). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = titleId ?? `${ownId}-title`;
  const heading = (
    <Heading id={headingId} className="staff-panel__title">
      {title}
    </Heading>
  );
  return (
    <section
      className={className ? `staff-panel ${className}` : 'staff-panel'}
      aria-labelledby={headingId}
      id={id}
    >
      {actions ? (
        <div className="staff-panel__head">
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {intro ? <p className="staff-panel__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
