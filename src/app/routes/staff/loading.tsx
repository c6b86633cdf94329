import { FullScreenSpinner } from '../../components/spinner.tsx';

/** /loading: the full-screen spinner. */
export default function Loading() {
  return <FullScreenSpinner />;
}
