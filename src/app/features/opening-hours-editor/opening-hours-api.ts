import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';
import {
  openingHoursAnswer,
  type OpeningHoursAnswer,
  type OpeningHoursBody,
} from '../../../shared/schemas/opening-hours.ts';
import {
  restaurantFacts,
  type RestaurantFacts,
  type RestaurantFactsBody,
} from '../../../shared/schemas/restaurant.ts';

/** GET /api/opening-hours in Italian: the week, closures and special days as staff typed them. */
export async function fetchOpeningHours(
  signal?: AbortSignal,
): Promise<ApiResult<OpeningHoursAnswer>> {
  return parseAnswer(await apiRequest('GET', '/opening-hours', { signal }), openingHoursAnswer);
}

/** PUT /api/opening-hours: the whole schedule at once. */
export async function saveOpeningHours(
  token: string,
  body: OpeningHoursBody,
): Promise<ApiResult<OpeningHoursAnswer>> {
  return parseAnswer(
    await apiRequest('PUT', '/opening-hours', { token, body }),
    openingHoursAnswer,
  );
}

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
