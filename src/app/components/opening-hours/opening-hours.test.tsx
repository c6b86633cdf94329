// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Lang } from '../../../shared/languages.ts';
import { MESSAGES } from '../../../shared/locales/index.ts';
import { createI18n } from '../../i18n/create-i18n.ts';
import { ClosedNotice } from './closed-notice.tsx';
import { OpeningHoursList } from './opening-hours-list.tsx';
import { visitorHours } from './visitor-hours.ts';

const LUNCH = { open: '12:00', close: '15:00' };
const DINNER = { open: '19:00', close: '23:30' };
const SEED = {
  weekly: [2, 3, 4, 5, 6, 7].map((day) => ({ day, ranges: [LUNCH, DINNER] })),
  closures: [],
  exceptions: [],
};

const inLanguage = (lang: Lang, children: ReactNode) =>
  render(<I18nextProvider i18n={createI18n(lang, MESSAGES[lang])}>{children}</I18nextProvider>);

describe('OpeningHoursList', () => {
  it('is a description list: the days, then their hours', () => {
    inLanguage('de', <OpeningHoursList weekly={SEED.weekly} />);
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((item) => item.textContent);
    expect(terms).toEqual(['Montag', 'Dienstag bis Sonntag']);
    expect(definitions).toEqual(['Geschlossen', '12:00–15:00 und 19:00–23:30']);
  });
});

describe('ClosedNotice', () => {
  it('shows nothing on an open day', () => {
    const { container } = inLanguage(
      'en',
      <ClosedNotice hours={visitorHours(SEED, '2026-03-03')} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('tells a closed day and its staff note in one sentence, closed first', () => {
    const hours = visitorHours(
      { ...SEED, closures: [{ from: '2026-03-03', to: '2026-03-03', note: 'Private event' }] },
      '2026-03-03',
    );
    const { container } = inLanguage('en', <ClosedNotice hours={hours} />);
    const notice = within(container.querySelector('.closed-notice') as HTMLElement);
    expect(notice.getAllByText(/./).map((line) => line.textContent)).toEqual([
      'Closed today: Private event. Open again on Wednesday 4 March from 12:00.',
    ]);
  });
});
