import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import {
  restaurantFacts,
  type RestaurantFacts,
  type RestaurantFactsBody,
} from '../../../shared/schemas/restaurant.ts';

/** GET /api/restaurant: the restaurant's own facts, as every page shows them. */
export async function fetchRestaurantFacts(
  signal?: AbortSignal,
): Promise<ApiResult<RestaurantFacts>> {
  return parseAnswer(await apiRequest('GET', '/restaurant', { signal }), restaurantFacts);
}

/** PUT /api/restaurant (owner only): every fact at once. */
export async function saveRestaurantFacts(
  token: string,
  body: RestaurantFactsBody,
): Promise<ApiResult<RestaurantFacts>> {
  return parseAnswer(await apiRequest('PUT', '/restaurant', { token, body }), restaurantFacts);
}
