import { useState } from 'react';
import type { TakeawayBoard, TakeawayOrder } from '../../../shared/schemas/takeaway.ts';
import { StaffPanel, useStaffSave, useUser } from '../../staff/index.ts';
import { byPickup } from './format.ts';
import { PaperChoice, useTicketPrinter, type TicketPaper } from './kitchen-ticket.tsx';
import { BoardTools } from './board-tools.tsx';
import { type TakeawayBoardData } from './load-takeaway-board.ts';
import { OrderCard } from './order-card.tsx';
import { markOpened } from './takeaway-board-api.ts';
import { BOARD_TEXTS as T } from './takeaway-board-texts.ts';
import { TakeawaySettingsPanel } from './takeaway-settings.tsx';
import { useBoard } from './use-board.ts';
import { browserAudioContext, useRinging, type AudioContextFactory } from './use-ringing.ts';
import { SoundControl } from './sound-control.tsx';
import { browserWakeLock, useWakeLock, type WakeLockLike } from './use-wake-lock.ts';

/** The browser's sound and screen, which tests replace with fakes they can watch. */
export interface BoardDevices {
  createAudioContext: AudioContextFactory | null;
  wakeLock: WakeLockLike | null;
}

/**
 * /dashboard/takeaway, the kitchen board, orders first (a phone on the
 * counter shows the first order on its first screen): the sound's toggle
 * on the title's row, the day and the folded tools (day, pause, phone
 * order), new orders of any day (ringing until someone opens them), the
 * day's orders by pickup time with their next step; then the load of each
 * slot against its limits, the ticket's paper, and the owner's settings.
 */
export function TakeawayBoardScreen({
  data,
  devices = { createAudioContext: browserAudioContext(), wakeLock: browserWakeLock() },
}: {
  data: TakeawayBoardData;
  devices?: BoardDevices;
}) {
  const { date } = data;
  const { user } = useUser();
  const { board, failed, refresh } = useBoard(date);
  const ringing = (board?.unopened.length ?? 0) > 0;
  const sound = useRinging(ringing, devices.createAudioContext);
  useWakeLock(devices.wakeLock);

  return (
    <>
      <StaffPanel
        heading="h1"
        title={T.title}
        className="takeaway-board"
        actions={<SoundControl sound={sound} unopened={board?.unopened.length ?? 0} />}
      >
        <BoardTools date={date} today={data.today} board={board} refresh={refresh} />
        {board ? (
          <Board board={board} refresh={refresh} stale={failed} />
        ) : failed ? (
          // The board keeps asking: it shows itself as soon as an answer comes.
          <p role="alert">
            {T.loadFailed} {T.stale}
          </p>
        ) : (
          <p role="status">{T.loading}</p>
        )}
        <p className="staff-hint">{T.intro}</p>
      </StaffPanel>
      {board && user?.role === 'owner' ? <TakeawaySettingsPanel settings={board.settings} /> : null}
    </>
  );
}

function Board({
  board,
  refresh,
  stale,
}: {
  board: TakeawayBoard;
  refresh: () => void;
  stale: boolean;
}) {
  const { save } = useStaffSave();
  const [paper, setPaper] = useState<TicketPaper>('receipt');
  const { print, ticket } = useTicketPrinter(paper);
  const times = board.slots.map((slot) => slot.time);
  const unopened = [...board.unopened].sort(byPickup);
  const isNew = new Set(unopened.map((order) => order.id));
  const orders = board.orders.filter((order) => !isNew.has(order.id)).sort(byPickup);

  const open = (order: TakeawayOrder) =>
    void save((token) => markOpened(token, order.id), {
      success: T.opened(order.name),
      then: false,
      onSaved: refresh,
    });
  const card = (order: TakeawayOrder, isUnopened: boolean) => (
    <OrderCard
      key={order.id}
      order={order}
      date={board.date}
      times={times}
      refresh={refresh}
      onOpen={isUnopened ? () => open(order) : undefined}
      onPrint={() => print(order)}
    />
  );

  return (
    <>
      {stale ? (
        <p className="staff-hint" role="status">
          {T.stale}
        </p>
      ) : null}
      {unopened.length > 0 ? (
        <section className="takeaway-board__new" aria-label={T.newTitle}>
          <h3 className="takeaway-board__group-title">
            {T.newTitle} <span className="staff-count">{unopened.length}</span>
          </h3>
          <ul className="takeaway-board__list" aria-label={T.newTitle}>
            {unopened.map((order) => card(order, true))}
          </ul>
        </section>
      ) : null}
      <section aria-label={T.ordersTitle}>
        <h3 className="takeaway-board__group-title">{T.ordersTitle}</h3>
        {orders.length === 0 ? (
          <p className="staff-empty">{board.orders.length > 0 ? T.allNew : T.empty}</p>
        ) : (
          <ul className="takeaway-board__list" aria-label={T.ordersTitle}>
            {orders.map((order) => card(order, false))}
          </ul>
        )}
      </section>
      <SlotLoads board={board} />
      <PaperChoice paper={paper} onChange={setPaper} />
      {ticket}
    </>
  );
}

/**
 * Each pickup slot's load against the limits, a full one marked: the slots
 * that hold something, and every slot of the day on request (a whole evening
 * is forty rows a phone would scroll past to reach the orders).
 */
function SlotLoads({ board }: { board: TakeawayBoard }) {
  const { oven, kitchen } = board.settings.limits;
  const [everySlot, setEverySlot] = useState(false);
  const busy = board.slots.filter((slot) => slot.oven > 0 || slot.kitchen > 0);
  const shown = everySlot ? board.slots : busy;
  return (
    <section className="takeaway-board__loads" aria-label={T.loadsTitle}>
      <h3 className="takeaway-board__group-title">{T.loadsTitle}</h3>
      {board.slots.length === 0 ? (
        <p className="staff-hint">{T.noSlots}</p>
      ) : shown.length === 0 ? (
        <p className="staff-hint">{T.noLoad}</p>
      ) : (
        <ul className="takeaway-board__slots" aria-label={T.loadsLabel}>
          {shown.map((slot) => {
            const full = slot.oven >= oven || slot.kitchen >= kitchen;
            return (
              <li
                key={slot.time}
                className={full ? 'takeaway-slot takeaway-slot--full' : 'takeaway-slot'}
              >
                {T.slotLoad(slot.time, slot.oven, oven, slot.kitchen, kitchen)}
                {full ? <span className="staff-badge staff-badge--warning"> {T.full}</span> : null}
              </li>
            );
          })}
        </ul>
      )}
      {board.slots.length > busy.length ? (
        <button
          type="button"
          className="staff-button staff-button--ghost staff-button--small"
          aria-pressed={everySlot}
          onClick={() => setEverySlot(!everySlot)}
        >
          {T.everySlot(board.slots.length)}
        </button>
      ) : null}
    </section>
  );
}
