import { Suspense, type ReactNode } from 'react';
import { LoadFailed } from '../components/load-failed.tsx';
import { useLoaded, type Loading } from './use-loaded.ts';

/** What a section says while its data loads, and when it could not be loaded. */
export interface LoadTexts {
  loading: string;
  loadFailed: string;
  /** With it, a failed load offers a button that runs the route's loader again. */
  retry?: string;
}

/** What the panel has: the data (null until it loaded), and whether the latest load failed. */
interface Shown<T> {
  data: T | null;
  failed: boolean;
}

/**
 * What surrounds the panel's content and reads the data too (a title with a
 * count, a reload button): given the content, loading text and failure
 * included.
 */
type Frame<T> = (content: ReactNode, shown: Shown<T>) => ReactNode;

const UNFRAMED = (content: ReactNode) => content;
const NOTHING_YET = { data: null, failed: false };

/**
 * A back-office section's data, loaded by its route's client loader: the
 * loading text until the answer is in, the failure (with a retry when the
 * section has one) when it did not load, else `children` with the data
 * (`setData` changes it until the next load, see `useLoaded`); `frame`
 * around each of them.
 */
export function LoadedPanel<T>({
  loading,
  texts,
  fallback = <p role="status">{texts.loading}</p>,
  frame = UNFRAMED,
  children,
}: {
  loading: Loading<T>;
  texts: LoadTexts;
  /** What shows while loading, when it is more than the loading text. */
  fallback?: ReactNode;
  frame?: Frame<T>;
  children: (data: T, setData: (update: (data: T) => T) => void) => ReactNode;
}) {
  return (
    <Suspense fallback={frame(fallback, NOTHING_YET)}>
      <Loaded loading={loading} texts={texts} fallback={fallback} frame={frame}>
        {children}
      </Loaded>
    </Suspense>
  );
}

function Loaded<T>({
  loading,
  texts,
  fallback,
  frame,
  children,
}: {
  loading: Loading<T>;
  texts: LoadTexts;
  fallback: ReactNode;
  frame: Frame<T>;
  children: (data: T, setData: (update: (data: T) => T) => void) => ReactNode;
}) {
  const { data, failed, setData } = useLoaded(loading);
  return frame(content(), { data, failed });

  function content() {
    if (data !== null) return children(data, setData);
    if (!failed) return fallback;
    return texts.retry ? (
      <LoadFailed message={texts.loadFailed} retryLabel={texts.retry} />
    ) : (
      <p role="status">{texts.loadFailed}</p>
    );
  }
}
