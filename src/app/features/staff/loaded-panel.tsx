import { Suspense, type ReactNode } from 'react';
import { LoadFailed } from '../../components/load-failed.tsx';
import { useLoaded, type Loading } from './use-loaded.ts';

/** What a section says while its data loads, and when it could not be loaded. */
export interface LoadTexts {
  loading: string;
  loadFailed: string;
  /** With it, a failed load offers a button that runs the route's loader again. */
  retry?: string;
}

/**
 * A back-office section's data, loaded by its route's client loader: the
 * loading text until the answer is in, the failure (with a retry when the
 * section has one) when it did not load, else `children` with the data
 * (`setData` changes it until the next load, see `useLoaded`).
 */
export function LoadedPanel<T>({
  loading,
  texts,
  fallback = <p role="status">{texts.loading}</p>,
  children,
}: {
  loading: Loading<T>;
  texts: LoadTexts;
  /** What shows while loading, when it is more than the loading text. */
  fallback?: ReactNode;
  children: (data: T, setData: (update: (data: T) => T) => void) => ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <Loaded loading={loading} texts={texts} fallback={fallback}>
        {children}
      </Loaded>
    </Suspense>
  );
}

function Loaded<T>({
  loading,
  texts,
  fallback,
  children,
}: {
  loading: Loading<T>;
  texts: LoadTexts;
  fallback: ReactNode;
  children: (data: T, setData: (update: (data: T) => T) => void) => ReactNode;
}) {
  const { data, failed, setData } = useLoaded(loading);
  if (data !== null) return children(data, setData);
  if (!failed) return fallback;
  return texts.retry ? (
    <LoadFailed message={texts.loadFailed} retryLabel={texts.retry} />
  ) : (
    <p role="status">{texts.loadFailed}</p>
  );
}
