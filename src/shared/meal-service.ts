/**
 * Lunch or dinner: what an event books, and what the table slots it holds
 * covers from are (services/reservations/held-covers.ts). A restaurant's hours may
 * have one range or three a day, so a slot's service is told by its time in
 * Rome, not by which range it is in: from 05:00 to before 17:00 is lunch,
 * the rest (the evening, and past midnight) dinner.
 */
export type MealService = 'lunch' | 'dinner';

export const DINNER_FROM = '17:00';
const DAY_FROM = '05:00';

/** The service of a slot at `time` ("HH:MM", Rome's wall clock). */
export function mealServiceOf(time: string): MealService {
  return time >= DAY_FROM && time < DINNER_FROM ? 'lunch' : 'dinner';
}
