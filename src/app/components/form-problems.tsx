/**
 * What stops a back-office form from being saved, listed under a title and
 * announced as it appears (role="alert"); nothing when there is nothing.
 */
export function FormProblems({
  title,
  problems,
  className,
}: {
  title: string;
  problems: readonly string[];
  /** Layout classes of the form it sits in. */
  className?: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div className={className ? `staff-warning ${className}` : 'staff-warning'} role="alert">
      <p className="staff-warning__title">{title}</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
