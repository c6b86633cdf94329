import { useRevalidator } from 'react-router';

/**
 * A back-office section whose data could not be loaded: the reason, and a
 * button that runs the route's loader again.
 */
export function LoadFailed({ message, retryLabel }: { message: string; retryLabel: string }) {
  const revalidator = useRevalidator();
  return (
    <div role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="staff-button staff-button--small"
        onClick={() => void revalidator.revalidate()}
      >
        {retryLabel}
      </button>
    </div>
  );
}
