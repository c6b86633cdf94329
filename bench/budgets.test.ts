import { describe, expect, it } from 'vitest';
import { goal, judge, withinBudget, type Memory, type Row } from './budgets.ts';

const TODAY = '2026-12-03T11:00:00.000Z';
const YESTERDAY = '2026-12-02T06:23:51.321Z';

const ratio = (figure: number): Row => ({
  label: 'API /api/menu?lang=en req/s vs bare Fastify',
  value: `ratio ${figure}`,
  check: { measure: 'api', id: 'api /api/menu', budget: 'API vs bare Fastify', figure },
});
const orders = (p99: number): Row => ({
  label: 'POST /api/takeaway/orders, 200 at once (p50, p99 ms)',
  value: `300, ${p99}`,
  check: {
    measure: 'takeaway',
    id: 'takeaway orders',
    budget: '200 takeaway orders at once',
    figure: p99,
  },
});
const latency: Row = { label: 'latency / at 1,000 req/s (p50, p99 ms)', value: '0, 3' };

describe('the budgets', () => {
  it('print as the table shows them', () => {
    expect(goal('HTML vs nginx')).toBe('≥ 1.00');
    expect(goal('API vs bare Fastify')).toBe('≥ 0.80');
    expect(goal('availability vs bare Fastify')).toBe('≥ 0.50');
    expect(goal('200 bookings at once')).toBe('p99 ≤ 500 ms');
    expect(goal('home first load JS')).toBe('≤ 130 KB');
    expect(goal('home first load without images')).toBe('≤ 150 KB');
    expect(goal('save to four translations')).toBe('≤ 5 s');
  });

  it('hold a figure equal to the budget as kept, on both sides', () => {
    expect(withinBudget('API vs bare Fastify', 0.8)).toBe(true);
    expect(withinBudget('API vs bare Fastify', 0.79)).toBe(false);
    expect(withinBudget('200 takeaway orders at once', 500)).toBe(true);
    expect(withinBudget('200 takeaway orders at once', 501)).toBe(false);
  });
});

describe('a run judged against the previous ones', () => {
  it('passes when every figure is within its budget, and remembers them', () => {
    const result = judge([ratio(0.85), latency, orders(420)], {}, TODAY);
    expect(result.verdicts).toEqual(['ok', '', 'ok']);
    expect(result.exitCode).toBe(0);
    expect(result.messages).toEqual([]);
    expect(result.memory).toEqual({
      'api /api/menu': { figure: 0.85, date: TODAY },
      'takeaway orders': { figure: 420, date: TODAY },
    });
  });

  it('warns and exits 0 on a first miss, naming the measures to run again', () => {
    const result = judge([ratio(0.75), orders(620)], {}, TODAY);
    expect(result.verdicts).toEqual(['MISSED once', 'MISSED once']);
    expect(result.exitCode).toBe(0);
    expect(result.messages).toEqual([
      'MISSED once: run again (npm run bench -- api takeaway); a second miss in a row fails the bench.',
    ]);
    expect(result.memory['api /api/menu']).toEqual({ figure: 0.75, date: TODAY });
  });

  it('warns and exits 0 when the previous run of the figure was within budget', () => {
    const previous: Memory = { 'api /api/menu': { figure: 0.82, date: YESTERDAY } };
    const result = judge([ratio(0.75)], previous, TODAY);
    expect(result.verdicts).toEqual(['MISSED once']);
    expect(result.exitCode).toBe(0);
  });

  it('fails with exit 1 when the figure missed on its previous run too', () => {
    const previous: Memory = { 'api /api/menu': { figure: 0.77, date: YESTERDAY } };
    const result = judge([ratio(0.7512), orders(420)], previous, TODAY);
    expect(result.verdicts).toEqual(['MISSED twice', 'ok']);
    expect(result.exitCode).toBe(1);
    expect(result.messages).toEqual([
      'MISSED on two runs in a row:',
      `  API /api/menu?lang=en req/s vs bare Fastify: 0.75 now and 0.77 on ${YESTERDAY}, budget ≥ 0.80`,
    ]);
  });

  it('fails on a confirmed miss even when another figure misses only once', () => {
    const previous: Memory = { 'takeaway orders': { figure: 700, date: YESTERDAY } };
    const result = judge([ratio(0.7), orders(650)], previous, TODAY);
    expect(result.verdicts).toEqual(['MISSED once', 'MISSED twice']);
    expect(result.exitCode).toBe(1);
    expect(result.messages[0]).toContain('npm run bench -- api)');
    expect(result.messages.slice(1)).toEqual([
      'MISSED on two runs in a row:',
      `  POST /api/takeaway/orders, 200 at once (p50, p99 ms): 650 now and 700 on ${YESTERDAY}, budget p99 ≤ 500 ms`,
    ]);
  });

  it('clears a miss with a run within budget: the next miss is a first one again', () => {
    const missed = judge([ratio(0.7)], {}, YESTERDAY);
    const kept = judge([ratio(0.81)], missed.memory, TODAY);
    expect(kept.exitCode).toBe(0);
    const missedAgain = judge([ratio(0.7)], kept.memory, TODAY);
    expect(missedAgain.verdicts).toEqual(['MISSED once']);
    expect(missedAgain.exitCode).toBe(0);
  });

  it('keeps the figures of measures this run did not make (a run of some measures only)', () => {
    const previous: Memory = { 'takeaway orders': { figure: 700, date: YESTERDAY } };
    const apiOnly = judge([ratio(0.85)], previous, TODAY);
    expect(apiOnly.memory['takeaway orders']).toEqual({ figure: 700, date: YESTERDAY });
    const takeawayNext = judge([orders(640)], apiOnly.memory, TODAY);
    expect(takeawayNext.exitCode).toBe(1);
  });

  it("judges the previous figure against today's budget", () => {
    // The figure is remembered, not its verdict: 0.8 keeps the budget of 0.8, 0.79 does not.
    expect(
      judge([ratio(0.7)], { 'api /api/menu': { figure: 0.8, date: YESTERDAY } }, TODAY),
    ).toMatchObject({ exitCode: 0 });
    expect(
      judge([ratio(0.7)], { 'api /api/menu': { figure: 0.79, date: YESTERDAY } }, TODAY),
    ).toMatchObject({ exitCode: 1 });
  });
});
