import { overviewAnswer } from '../../../shared/schemas/overview.ts';
import type { Overview } from '../../../shared/schemas/overview.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import type { PolledSnapshot } from '../../staff-kit/index.ts';

/** The overview as last answered (it has no ETag: it is counted afresh each time). */
export interface OverviewSnapshot extends PolledSnapshot {
  overview: Overview;
}

/** GET /api/overview (every staff member): tonight at a glance. */
export async function fetchOverview(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<OverviewSnapshot>> {
  const parsed = parseAnswer(
    await apiRequest('GET', '/overview', { token, signal }),
    overviewAnswer,
  );
  return parsed.ok ? { ...parsed, data: { overview: parsed.data, etag: null } } : parsed;
}
