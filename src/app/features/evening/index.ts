export { EveningScreen } from './evening.tsx';
export { loadEvening, type EveningData } from './load-evening.ts';
