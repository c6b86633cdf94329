/** The back office's first screen at a glance: tonight's numbers, each a link to its section. */
export { OVERVIEW_EVERY_MS, TonightOverview } from './tonight-overview.tsx';
