import { FullScreenSpinner } from '../../components/spinner.tsx';

/** SPEC.md route /loading: the full-screen spinner. */
export default function Loading() {
  return <FullScreenSpinner />;
}
