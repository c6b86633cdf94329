import { useId, type ReactNode } from 'react';

/**
 * The titled block under a form where staff check that record's
 * translations (a dish, a photo's alt text, the page texts): its heading
 * names the section for screen readers, its intro says what the review does.
 */
export function TranslationsSection({
  className,
  title,
  intro,
  children,
}: {
  className: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {title}
      </h2>
      <p className="staff-panel__intro">{intro}</p>
      {children}
    </section>
  );
}
