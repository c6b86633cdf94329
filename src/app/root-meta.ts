import type { MetaArgs } from 'react-router';
import type { RootData } from './root.tsx';

/** The root loader's data as seen from any route's `meta` function. */
export function rootMetaData(matches: MetaArgs['matches']): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}
