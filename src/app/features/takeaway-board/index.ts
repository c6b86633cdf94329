/** The back office's kitchen board for takeaway orders (/dashboard/takeaway). */
export { TakeawayBoardScreen } from './takeaway-board.tsx';
export { loadTakeawayBoard } from './load-takeaway-board.ts';
