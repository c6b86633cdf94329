import type { RootData } from './root.tsx';

/** The root loader's data as seen from a `meta` function without route types. */
export function rootMetaData(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}
