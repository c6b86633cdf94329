// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GuestConfirmed } from '../../staff-kit/index.ts';
import { FloorMap } from './floor-map.tsx';
import { GuestConfirmationLine } from './guest-confirmation.tsx';
import { tableStates, timelineRange } from './table-state.ts';
import { eveningPlan, planBooking } from './test-plan.ts';
import { Timeline } from './timeline.tsx';

// Staff see who answered the reminder's "I'll be there": the day view's card
// says when; the evening view marks a booking still to come whose guest has
// not, with a "?" and words for screen readers.
afterEach(cleanup);

/** 20:30 in Rome on the plan's day (eveningPlan: Sara Verdi at 21:00 on T3, confirmed, not by the guest). */
const NOW = Date.parse('2026-06-10T18:30:00Z');

describe("the guest's confirmation, as staff see it", () => {
  it('the day view card: "Confermata dal cliente" with the time in Rome, nothing before', () => {
    const { container, rerender } = render(<GuestConfirmed at={null} />);
    expect(container.textContent).toBe('');
    rerender(<GuestConfirmed at="2026-06-09T08:05:00.000Z" />);
    expect(screen.getByText('Confermata dal cliente')).toBeTruthy();
    const time = container.querySelector('time')!;
    expect(time.getAttribute('dateTime')).toBe('2026-06-09T08:05:00.000Z');
    expect(time.textContent).toBe('9 giu 2026, 10:05');
  });

  it('the map and the timeline mark the unconfirmed with "?", named "Non ha confermato"', () => {
    const plan = eveningPlan();
    const states = tableStates(plan, NOW);
    const area = plan.areas[0]!;
    render(
      <>
        <FloorMap area={area} tables={plan.tables} states={states} showStates onTable={() => {}} />
        <Timeline
          plan={plan}
          area={area}
          tables={plan.tables}
          firstOrder={0}
          range={timelineRange(plan)}
          now={NOW}
          states={states}
          onBooking={() => {}}
        />
      </>,
    );
    const map = screen.getByRole('group', { name: 'Pianta: Sala' });
    const t3 = within(map).getByRole('button', { name: /^Tavolo T3,/ });
    expect(t3.getAttribute('aria-label')).toMatch(
      /21:00 Sara Verdi, 4 persone, Non ha confermato$/,
    );
    expect(t3.querySelector('.evening-unconfirmed-map')?.textContent).toBe('?');
    // Seated guests have come: nothing to mark.
    const t2 = within(map).getByRole('button', { name: /^Tavolo T2,/ });
    expect(t2.getAttribute('aria-label')).not.toContain('Non ha confermato');
    expect(t2.querySelector('.evening-unconfirmed-map')).toBeNull();

    const day = screen.getByRole('region', { name: 'Giornata: Sala' });
    const bar = within(day).getByRole('button', {
      name: '21:00-23:00 Sara Verdi, 4 persone, Confermata, Non ha confermato',
    });
    expect(bar.textContent).toBe('?21:00 Sara Verdi · 4');
    expect(
      within(day).getByRole('button', { name: /^20:00-22:00 Luca Rossi/ }).textContent,
    ).not.toContain('?');
  });

  it('a guest who confirmed is not marked; the sheet says either, with the time', () => {
    const plan = eveningPlan();
    const sara = plan.bookings.find((booking) => booking.name === 'Sara Verdi')!;
    sara.guestConfirmedAt = '2026-06-09T08:05:00.000Z';
    const states = tableStates(plan, NOW);
    render(
      <FloorMap
        area={plan.areas[0]!}
        tables={plan.tables}
        states={states}
        showStates
        onTable={() => {}}
      />,
    );
    const t3 = screen.getByRole('button', { name: /^Tavolo T3,/ });
    expect(t3.getAttribute('aria-label')).not.toContain('Non ha confermato');
    cleanup();

    render(<GuestConfirmationLine booking={sara} />);
    expect(screen.getByText('Confermata dal cliente')).toBeTruthy();
    expect(screen.getByText('9 giu 2026, 10:05')).toBeTruthy();
    cleanup();
    render(<GuestConfirmationLine booking={planBooking({ status: 'confirmed' })} />);
    expect(screen.getByText('? Non ha confermato')).toBeTruthy();
    cleanup();
    const { container } = render(
      <GuestConfirmationLine booking={planBooking({ status: 'seated' })} />,
    );
    expect(container.textContent).toBe('');
  });
});
