import { useState } from 'react';
import type { TakeawayBoard } from '../../../shared/schemas/takeaway.ts';
import { DayNavigator, spokenDate } from '../../staff-kit/index.ts';
import { DAY_PARAM } from './load-takeaway-board.ts';
import { PauseSwitch, useTimeLeft } from './pause-switch.tsx';
import { PhoneOrderForm } from './phone-order-form.tsx';
import { BOARD_TEXTS as T, PHONE_ORDER_TEXTS } from './takeaway-board-texts.ts';
import { useDisclosure } from './use-disclosure.ts';

const dayHref = (date: string) => `?${DAY_PARAM}=${date}`;

type Tool = 'day' | 'pause' | 'phone';

/**
 * The board's tools, folded so that the orders come first on a phone: the
 * day on screen with "Cambia giorno" (the staff kit's day navigator), the
 * pause of online orders (its button says when they are paused) and the
 * order taken by phone, each a button opening its panel below the buttons,
 * one at a time. A phone order half typed stays while its panel is closed
 * (Escape, another tool); "Chiudi" or a saved order ends it.
 */
export function BoardTools({
  date,
  today,
  board,
  refresh,
}: {
  date: string;
  today: string;
  /** Null until the board has loaded: only the day can be changed. */
  board: TakeawayBoard | null;
  refresh: () => void;
}) {
  const [tool, setTool] = useState<Tool | null>(null);
  const [phoneStarted, setPhoneStarted] = useState(false);
  const [shownDate, setShownDate] = useState(date);
  if (shownDate !== date) {
    // A day chosen: the picker folds, the new day's orders come first again.
    setShownDate(date);
    if (tool === 'day') setTool(null);
  }
  const opener = (which: Tool) => (open: boolean) => {
    setTool(open ? which : null);
    if (open && which === 'phone') setPhoneStarted(true);
  };
  const day = useDisclosure(tool === 'day', opener('day'));
  const pause = useDisclosure(tool === 'pause', opener('pause'));
  const phone = useDisclosure(tool === 'phone', opener('phone'));
  const paused = useTimeLeft(board?.settings.pausedUntil ?? null) > 0;
  const toolClass = 'staff-button staff-button--small staff-button--ghost';

  return (
    <div className="takeaway-board__tools">
      <h2 className="takeaway-board__shown-day">{spokenDate(date)}</h2>
      <div className="takeaway-board__tool-row">
        <button {...day.buttonProps} className={toolClass}>
          {T.changeDay}
        </button>
        {board ? (
          <>
            <button
              {...pause.buttonProps}
              className={
                paused ? 'staff-button staff-button--small staff-button--danger' : toolClass
              }
            >
              {paused ? T.pauseOn : T.pauseClosed}
            </button>
            <button {...phone.buttonProps} className={toolClass}>
              {PHONE_ORDER_TEXTS.open}
            </button>
          </>
        ) : null}
      </div>
      <div {...day.panelProps} className="takeaway-board__panel">
        {tool === 'day' ? (
          <DayNavigator
            date={date}
            today={today}
            hrefOf={dayHref}
            block="takeaway-board"
            texts={T}
          />
        ) : null}
      </div>
      {board ? (
        <>
          <div {...pause.panelProps} className="takeaway-board__panel">
            {tool === 'pause' ? (
              <PauseSwitch pausedUntil={board.settings.pausedUntil} refresh={refresh} />
            ) : null}
          </div>
          <div {...phone.panelProps} className="takeaway-board__panel">
            {phoneStarted ? (
              <PhoneOrderForm
                date={board.date}
                onDone={() => {
                  setPhoneStarted(false);
                  phone.close();
                  refresh();
                }}
              />
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
