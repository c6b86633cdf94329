import { loadConfig } from '../../config.ts';
import type { CheckContext } from './check.ts';

/** A check's context from environment variables, as `npm run doctor` makes it (doctor.ts). */
export function contextFor(
  env: Record<string, string | undefined>,
  overrides: Partial<Omit<CheckContext, 'config' | 'env'>> = {},
): CheckContext {
  return {
    config: loadConfig(env),
    env,
    timeoutMs: 2000,
    freeBytes: async () => 50 * 2 ** 30,
    ...overrides,
  };
}
