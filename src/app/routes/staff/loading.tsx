import { FullScreenSpinner } from '../../components/spinner.tsx';

export { staffMeta as meta, staffHeaders as headers } from './staff-route.tsx';

/** SPEC.md route /loading: the full-screen spinner. */
export default function Loading() {
  return <FullScreenSpinner />;
}
