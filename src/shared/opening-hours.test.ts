import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  closedPeriodAround,
  isDate,
  isOpenAt,
  nextOpenDay,
  nextOpening,
  openAt,
  openingOn,
  overlapIntoNextDay,
  overlapWithin,
  rangeInstants,
  romeDate,
  romeDateReader,
  romeDateTime,
  romeTimestamp,
  romeInstant,
  weekdayOf,
  type Schedule,
  type TimeRange,
} from './opening-hours.ts';

// Every instant below is written in UTC, and every expectation is a UTC
// instant or a date and time in Rome: nothing depends on the zone of the
// process running the tests (run them with TZ=UTC, TZ=America/New_York and
// TZ=Asia/Tokyo: the results are the same). Rome is UTC+1 in winter and
// UTC+2 from 2026-03-29 01:00Z to 2026-10-25 01:00Z.
const utc = (iso: string) => new Date(iso);

// And the module may not read the process's zone at all: every local-time
// getter of Date throws while a test runs.
const LOCAL_TIME_METHODS = [
  'getFullYear',
  'getMonth',
  'getDate',
  'getDay',
  'getHours',
  'getMinutes',
  'getSeconds',
  'getTimezoneOffset',
  'setHours',
  'setDate',
  'toLocaleString',
  'toLocaleDateString',
  'toLocaleTimeString',
  'toString',
  'toDateString',
  'toTimeString',
] as const;
let guards: { mockRestore(): void }[] = [];
beforeEach(() => {
  guards = LOCAL_TIME_METHODS.map((method) =>
    vi.spyOn(Date.prototype, method).mockImplementation(() => {
      throw new Error(`Date.prototype.${method} reads the process's time zone`);
    }),
  );
});
afterEach(() => {
  for (const guard of guards) guard.mockRestore();
});

it("the process's zone is out of reach during these tests", () => {
  expect(() => new Date().getHours()).toThrow(/time zone/);
});

const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
/** The seed: lunch and dinner every day but Monday. */
const SEED: Schedule = {
  weekly: [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] })),
  closures: [],
  exceptions: [],
};
const withChanges = (changes: Partial<Schedule>): Schedule => ({ ...SEED, ...changes });

describe('calendar dates', () => {
  it('reads only real dates written YYYY-MM-DD', () => {
    for (const good of ['2026-12-24', '2028-02-29', '2000-01-01']) expect(isDate(good)).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-1-1', '26-01-01', '']) {
      expect(isDate(bad), bad).toBe(false);
    }
  });

  it('adds days across months, years and clock changes, and knows the weekday', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-08-10')).toBe(1); // Monday
    expect(weekdayOf('2026-03-29')).toBe(7); // Sunday
  });
});

describe("the restaurant's clock", () => {
  it("today is Rome's date, not UTC's", () => {
    expect(romeDate(utc('2026-01-14T22:59:59Z'))).toBe('2026-01-14');
    expect(romeDate(utc('2026-01-14T23:00:00Z'))).toBe('2026-01-15'); // midnight in winter
    expect(romeDate(utc('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(romeDate(utc('2026-07-14T22:00:00Z'))).toBe('2026-07-15'); // midnight in summer
    expect(romeDateTime(utc('2026-12-31T23:30:00Z'))).toEqual({
      date: '2027-01-01',
      time: '00:30',
    });
  });

  it("a timestamp to the second on Rome's clock, either side of the clocks going back", () => {
    expect(romeTimestamp(Date.parse('2026-10-25T00:59:59Z'))).toBe('2026-10-25 02:59:59');
    expect(romeTimestamp(utc('2026-10-25T01:00:00Z'))).toBe('2026-10-25 02:00:00');
    expect(romeTimestamp(Date.parse('2026-12-04T07:55:00.250Z'))).toBe('2026-12-04 08:55:00');
  });

  it("reads Rome's clock as Intl does around both clock changes, and across years", () => {
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Rome',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const instants: number[] = [];
    // Every 7.3 seconds of the two hours either side of each change, then and in 2031.
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2031-03-30T01:00:00Z']) {
      const at = Date.parse(change);
      for (let ms = -7_200_000; ms < 7_200_000; ms += 7_300) instants.push(at + ms);
      instants.push(at - 1, at, at + 999, at + 1000);
    }
    // And every 7 hours and a bit for ten years, in an order that keeps no hour warm.
    for (
      let at = Date.parse('2025-01-01T00:00:00Z');
      at < Date.parse('2035-01-01');
      at += 25_261_237
    ) {
      instants.push(at);
    }
    expect(instants.map((at) => romeTimestamp(at))).toEqual(
      instants.map((at) => intl.format(new Date(at))),
    );
  });

  it('a date reader follows its clock across midnight in Rome, both ways, on days of 23 and 25 hours', () => {
    let now = Date.parse('2026-03-28T22:59:59Z'); // Saturday 23:59:59, before the clocks go forward
    const today = romeDateReader(() => now);
    const read = (iso: string) => ((now = Date.parse(iso)), today());
    expect(today()).toBe('2026-03-28');
    expect(read('2026-03-28T23:00:00Z')).toBe('2026-03-29');
    expect(read('2026-03-29T21:59:59Z')).toBe('2026-03-29'); // a day of 23 hours
    expect(read('2026-03-29T22:00:00Z')).toBe('2026-03-30');
    expect(read('2026-03-28T12:00:00Z')).toBe('2026-03-28'); // back again
    expect(read('2026-10-25T22:59:59Z')).toBe('2026-10-25'); // a day of 25 hours
    expect(read('2026-10-24T22:00:00Z')).toBe('2026-10-25');
    expect(read('2026-10-24T21:59:59Z')).toBe('2026-10-24');
  });

  it('turns a date and time in Rome into the real instant, across both clock changes', () => {
    expect(romeInstant('2026-03-28', '19:00')).toEqual(utc('2026-03-28T18:00:00Z'));
    expect(romeInstant('2026-03-29', '01:00')).toEqual(utc('2026-03-29T00:00:00Z'));
    expect(romeInstant('2026-03-29', '04:00')).toEqual(utc('2026-03-29T02:00:00Z'));
    expect(romeInstant('2026-10-25', '01:00')).toEqual(utc('2026-10-24T23:00:00Z'));
    expect(romeInstant('2026-10-25', '04:00')).toEqual(utc('2026-10-25T03:00:00Z'));
    // 02:30 does not exist on 29 March: the clocks jump from 02:00 to 03:00; it is 03:30.
    expect(romeInstant('2026-03-29', '02:30')).toEqual(utc('2026-03-29T01:30:00Z'));
    // 02:30 happens twice on 25 October: the first one.
    expect(romeInstant('2026-10-25', '02:30')).toEqual(utc('2026-10-25T00:30:00Z'));
  });

  it('a range 01:00–04:00 lasts two real hours in March and four in October', () => {
    const night = { open: '01:00', close: '04:00' };
    expect(rangeInstants('2026-03-29', night)).toEqual({
      start: utc('2026-03-29T00:00:00Z'),
      end: utc('2026-03-29T02:00:00Z'),
    });
    expect(rangeInstants('2026-10-25', night)).toEqual({
      start: utc('2026-10-24T23:00:00Z'),
      end: utc('2026-10-25T03:00:00Z'),
    });
  });

  it('a range past midnight the night before a clock change closes at the right instant', () => {
    const late = { open: '19:00', close: '01:00' };
    expect(rangeInstants('2026-03-28', late)).toEqual({
      start: utc('2026-03-28T18:00:00Z'),
      end: utc('2026-03-29T00:00:00Z'),
    });
    expect(rangeInstants('2026-10-24', late)).toEqual({
      start: utc('2026-10-24T17:00:00Z'),
      end: utc('2026-10-24T23:00:00Z'),
    });
    // Closing at 03:00, after the change: seven real hours in March, nine in October.
    const later = { open: '19:00', close: '03:00' };
    expect(rangeInstants('2026-03-28', later).end).toEqual(utc('2026-03-29T01:00:00Z'));
    expect(rangeInstants('2026-10-24', later).end).toEqual(utc('2026-10-25T02:00:00Z'));
  });
});

describe('which days open', () => {
  it('today and tomorrow from the weekly schedule: Monday closed', () => {
    // Sunday 2026-01-11 at 10:00 in Rome.
    const now = utc('2026-01-11T09:00:00Z');
    const today = romeDate(now);
    expect(openingOn(SEED, today)).toEqual({
      date: '2026-01-11',
      open: true,
      ranges: [LUNCH, DINNER],
      closure: null,
      special: false,
    });
    expect(openingOn(SEED, addDays(today, 1))).toMatchObject({ date: '2026-01-12', open: false });
    expect(openingOn(SEED, addDays(today, 2))).toMatchObject({
      open: true,
      ranges: [LUNCH, DINNER],
    });
  });

  it('a closure across the new year closes every day of it, both ends included', () => {
    const christmas = { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' };
    const schedule = withChanges({ closures: [christmas] });
    expect(openingOn(schedule, '2026-12-23').open).toBe(true);
    for (let date = '2026-12-24'; date <= '2027-01-06'; date = addDays(date, 1)) {
      expect(openingOn(schedule, date), date).toMatchObject({ open: false, closure: christmas });
    }
    expect(openingOn(schedule, '2027-01-07').open).toBe(true); // a Thursday
  });

  it('a special day inside a closure opens with its own ranges', () => {
    const newYearsEve = { date: '2026-12-31', ranges: [{ open: '20:00', close: '02:00' }] };
    const schedule = withChanges({
      closures: [{ from: '2026-12-24', to: '2027-01-06' }],
      exceptions: [newYearsEve],
    });
    expect(openingOn(schedule, '2026-12-31')).toEqual({
      date: '2026-12-31',
      open: true,
      ranges: newYearsEve.ranges,
      closure: null,
      special: true,
    });
    expect(openingOn(schedule, '2027-01-01').open).toBe(false);
    // Its range past midnight belongs to 31 December: open on 1 January at 01:30, closed at 02:00.
    expect(openAt(schedule, utc('2027-01-01T00:30:00Z'))).toEqual({
      date: '2026-12-31',
      range: newYearsEve.ranges[0],
    });
    expect(isOpenAt(schedule, utc('2027-01-01T01:00:00Z'))).toBe(false);
  });

  it('a Monday special opening in August', () => {
    const ferragosto = { date: '2026-08-10', ranges: [DINNER] };
    const schedule = withChanges({ exceptions: [ferragosto] });
    expect(weekdayOf('2026-08-10')).toBe(1);
    expect(openingOn(schedule, '2026-08-10')).toMatchObject({ open: true, ranges: [DINNER] });
    expect(openingOn(schedule, '2026-08-17').open).toBe(false); // the next Monday
    // Monday 10 August at 18:00 in Rome (16:00Z): it opens at 19:00, not on Tuesday.
    expect(nextOpening(schedule, utc('2026-08-10T16:00:00Z'))).toEqual({
      date: '2026-08-10',
      time: '19:00',
      at: utc('2026-08-10T17:00:00Z'),
    });
    expect(nextOpening(SEED, utc('2026-08-10T16:00:00Z'))).toEqual({
      date: '2026-08-11',
      time: '12:00',
      at: utc('2026-08-11T10:00:00Z'),
    });
  });
});

describe('open right now', () => {
  it('inside a range from its opening instant to just before its close', () => {
    // Tuesday 2026-01-13; winter: Rome = UTC+1.
    expect(isOpenAt(SEED, utc('2026-01-13T10:59:59Z'))).toBe(false); // 11:59:59
    expect(isOpenAt(SEED, utc('2026-01-13T11:00:00Z'))).toBe(true); // 12:00
    expect(isOpenAt(SEED, utc('2026-01-13T13:59:59Z'))).toBe(true); // 14:59:59
    expect(isOpenAt(SEED, utc('2026-01-13T14:00:00Z'))).toBe(false); // 15:00
    expect(openAt(SEED, utc('2026-01-13T21:00:00Z'))).toEqual({
      date: '2026-01-13',
      range: DINNER,
    });
    expect(isOpenAt(SEED, utc('2026-01-12T11:30:00Z'))).toBe(false); // Monday lunch
  });

  it('Saturday 19:00–01:00 keeps it open at 00:30 on Sunday, even a closed Sunday', () => {
    const schedule: Schedule = {
      weekly: [{ day: 6, ranges: [{ open: '19:00', close: '01:00' }] }],
      closures: [],
      exceptions: [],
    };
    // Saturday 2026-07-11; summer: Rome = UTC+2. Sunday 00:30 is Saturday 22:30Z.
    expect(openAt(schedule, utc('2026-07-11T22:30:00Z'))).toEqual({
      date: '2026-07-11',
      range: { open: '19:00', close: '01:00' },
    });
    expect(isOpenAt(schedule, utc('2026-07-11T23:00:00Z'))).toBe(false); // Sunday 01:00
    // A closure starting on Sunday does not cut Saturday's night short.
    const closedSunday = { ...schedule, closures: [{ from: '2026-07-12', to: '2026-07-12' }] };
    expect(isOpenAt(closedSunday, utc('2026-07-11T22:30:00Z'))).toBe(true);
  });

  it('open through the night the clocks go back', () => {
    const schedule: Schedule = {
      weekly: [{ day: 6, ranges: [{ open: '22:00', close: '03:00' }] }],
      closures: [],
      exceptions: [],
    };
    // Saturday 2026-10-24 22:00 CEST = 20:00Z; Sunday 03:00 CET = 02:00Z: six real hours.
    expect(isOpenAt(schedule, utc('2026-10-24T19:59:00Z'))).toBe(false);
    expect(isOpenAt(schedule, utc('2026-10-25T00:30:00Z'))).toBe(true); // the first 02:30
    expect(isOpenAt(schedule, utc('2026-10-25T01:30:00Z'))).toBe(true); // the second 02:30
    expect(isOpenAt(schedule, utc('2026-10-25T02:00:00Z'))).toBe(false);
  });
});

describe('the next opening', () => {
  it('later today, tomorrow, or after the weekly rest day', () => {
    // Tuesday 2026-01-13 at 10:00 in Rome.
    expect(nextOpening(SEED, utc('2026-01-13T09:00:00Z'))).toEqual({
      date: '2026-01-13',
      time: '12:00',
      at: utc('2026-01-13T11:00:00Z'),
    });
    // During lunch: dinner's start.
    expect(nextOpening(SEED, utc('2026-01-13T12:00:00Z'))?.time).toBe('19:00');
    // At the very instant it opens: the next one.
    expect(nextOpening(SEED, utc('2026-01-13T11:00:00Z'))?.time).toBe('19:00');
    // Sunday night: Tuesday's lunch (Monday is closed).
    expect(nextOpening(SEED, utc('2026-01-11T22:00:00Z'))).toEqual({
      date: '2026-01-13',
      time: '12:00',
      at: utc('2026-01-13T11:00:00Z'),
    });
  });

  it('skips a closure, and is null when nothing opens within the horizon', () => {
    const schedule = withChanges({ closures: [{ from: '2026-12-24', to: '2027-01-06' }] });
    // 2027-01-07 is a Thursday: lunch at 12:00 CET = 11:00Z.
    expect(nextOpening(schedule, utc('2026-12-23T22:00:00Z'))).toEqual({
      date: '2027-01-07',
      time: '12:00',
      at: utc('2027-01-07T11:00:00Z'),
    });
    const longClosure = withChanges({ closures: [{ from: '2026-01-01', to: '2028-12-31' }] });
    expect(nextOpening(longClosure, utc('2026-06-01T10:00:00Z'))).toBeNull();
    expect(
      nextOpening({ weekly: [], closures: [], exceptions: [] }, utc('2026-06-01T10:00:00Z')),
    ).toBeNull();
  });

  it('opens on the day of the spring change at the real instant', () => {
    // Sunday 2026-03-29: lunch at 12:00 CEST = 10:00Z.
    expect(nextOpening(SEED, utc('2026-03-29T00:30:00Z'))?.at).toEqual(utc('2026-03-29T10:00:00Z'));
    // Sunday 2026-10-25: lunch at 12:00 CET = 11:00Z.
    expect(nextOpening(SEED, utc('2026-10-25T00:30:00Z'))?.at).toEqual(utc('2026-10-25T11:00:00Z'));
  });
});

describe('a closed period and the day it opens again', () => {
  const winter = { from: '2027-01-07', to: '2027-02-28', note: "Chiuso per l'inverno" };
  const christmas = { from: '2026-12-24', to: '2027-01-06', note: 'Chiuso per le feste' };
  const schedule = withChanges({ closures: [christmas, winter] });

  it('closures that follow one another are one stretch; it reopens on its first open day', () => {
    const period = closedPeriodAround(schedule, '2027-02-10');
    expect(period).toMatchObject({ from: '2026-12-24', to: '2027-02-28', closure: winter });
    // 1 March 2027 is a Monday, the weekly rest day: open again from Tuesday 2 March.
    expect(period?.reopens).toMatchObject({
      date: '2027-03-02',
      open: true,
      ranges: [LUNCH, DINNER],
    });
    expect(closedPeriodAround(schedule, '2026-12-25')?.closure).toBe(christmas);
  });

  it('is null on an open day and on a weekly rest day', () => {
    expect(closedPeriodAround(schedule, '2026-12-23')).toBeNull();
    expect(closedPeriodAround(schedule, '2026-12-21')).toBeNull(); // a Monday
  });

  it('a special day inside the stretch is where it opens again', () => {
    const newYearsEve = { date: '2026-12-31', ranges: [DINNER] };
    const period = closedPeriodAround({ ...schedule, exceptions: [newYearsEve] }, '2026-12-27');
    expect(period).toMatchObject({ from: '2026-12-24', to: '2026-12-30' });
    expect(period?.reopens).toMatchObject({ date: '2026-12-31', special: true });
    expect(nextOpenDay({ ...schedule, exceptions: [newYearsEve] }, '2027-01-01')?.date).toBe(
      '2027-03-02',
    );
  });
});

describe('ranges that overlap', () => {
  const r = (open: string, close: string): TimeRange => ({ open, close });

  it('within a day, a range past midnight included; touching ranges do not overlap', () => {
    expect(overlapWithin([LUNCH, DINNER])).toBeNull();
    expect(overlapWithin([r('12:00', '15:00'), r('15:00', '18:00')])).toBeNull();
    expect(overlapWithin([r('19:00', '23:00'), r('12:00', '19:30')])).toEqual([
      r('12:00', '19:30'),
      r('19:00', '23:00'),
    ]);
    expect(overlapWithin([r('19:00', '01:00'), r('23:00', '23:30')])).not.toBeNull();
  });

  it("into the next day's first range", () => {
    expect(overlapIntoNextDay([r('19:00', '01:00')], [r('00:30', '02:00')])).toEqual([
      r('19:00', '01:00'),
      r('00:30', '02:00'),
    ]);
    expect(overlapIntoNextDay([r('19:00', '01:00')], [r('01:00', '02:00')])).toBeNull();
    expect(overlapIntoNextDay([DINNER], [r('00:00', '02:00')])).toBeNull();
    // Closing at midnight is 00:00, which runs past midnight by nothing.
    expect(overlapIntoNextDay([r('19:00', '00:00')], [r('00:00', '02:00')])).toBeNull();
  });
});
