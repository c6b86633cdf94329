import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import {
  floorPlanAnswer,
  type FloorPlan,
  type FloorPlanBody,
} from '../../../shared/schemas/floor.ts';

/** GET /api/floor (owner): the areas, tables and combinations as stored. */
export async function fetchFloorPlan(
  token: string,
  signal?: AbortSignal,
): Promise<ApiResult<FloorPlan>> {
  return parseAnswer(await apiRequest('GET', '/floor', { token, signal }), floorPlanAnswer);
}

/** PUT /api/floor: the whole plan at once; new entries carry negative placeholder ids. */
export async function saveFloorPlan(
  token: string,
  body: FloorPlanBody,
): Promise<ApiResult<FloorPlan>> {
  return parseAnswer(await apiRequest('PUT', '/floor', { token, body }), floorPlanAnswer);
}
