import { usePolled } from '../../staff-kit/index.ts';
import { fetchBoard } from './takeaway-board-api.ts';

/**
 * The board of `date`, kept fresh by the staff kit's poll (every second
 * while the page is visible, with the ETag of the board on screen).
 * `refresh` asks at once (after a save).
 */
export function useBoard(date: string) {
  const { snapshot, failed, refresh } = usePolled(date, (token, etag, signal) =>
    fetchBoard(token, date, etag, signal),
  );
  return { board: snapshot?.board ?? null, failed, refresh };
}
