import { romeDate } from '../../../shared/opening-hours.ts';
import { mayOpen, sectionAt } from '../../back-office/sections.ts';
import { StaffPanel, useUser } from '../../staff/index.ts';
import { BookingsReport } from './bookings-report.tsx';
import { dayText } from './format.ts';
import type { ReportsData } from './load-reports.ts';
import { PeriodPicker } from './period-picker.tsx';
import { ReportSection } from './report-section.tsx';
import {
  BOOKINGS_TEXTS,
  DISHES_TEXTS,
  EVENTS_TEXTS,
  LANGUAGES_TEXTS,
  REPORTS_TEXTS as T,
  TAKEAWAY_TEXTS,
} from './reports-texts.ts';
import { TakeawayReport, TakeawaySlots } from './takeaway-report.tsx';
import { DishesReport, EventsReport, LanguagesReport } from './whole-range-reports.tsx';

/**
 * /dashboard/reports (owners): the period picker, then each report as charts
 * with its numbers as tables and its CSV file. Staff who are not owners read
 * that the reports are the owner's (the loader asked nothing for them).
 */
export function ReportsPage({ data, now = new Date() }: { data: ReportsData; now?: Date }) {
  const { user } = useUser();
  const { period } = data;
  if (!mayOpen(sectionAt('reports'), user?.role)) {
    return (
      <StaffPanel heading="h1" title={T.title}>
        <p role="alert">{T.ownerOnly}</p>
      </StaffPanel>
    );
  }
  const overTime = { from: period.from, to: period.to, group: period.group };
  const whole = { from: period.from, to: period.to };
  return (
    <StaffPanel heading="h1" title={T.title} intro={T.intro} className="reports">
      <PeriodPicker
        key={`${period.preset}-${period.from}-${period.to}-${period.group}`}
        period={period}
        today={romeDate(now)}
      />
      <p className="reports__range" role="status">
        {T.range(dayText(period.from), dayText(period.to))}
      </p>
      <ReportSection
        title={BOOKINGS_TEXTS.title}
        name="bookings"
        ask={overTime}
        csvName={BOOKINGS_TEXTS.csvName}
        loading={data.bookings}
      >
        {(answer) => (
          <>
            <p className="report__previous">
              {T.previous(dayText(answer.previous.from), dayText(answer.previous.to))}
            </p>
            <BookingsReport answer={answer} group={period.group} />
          </>
        )}
      </ReportSection>
      <ReportSection
        title={TAKEAWAY_TEXTS.title}
        name="takeaway"
        ask={overTime}
        csvName={TAKEAWAY_TEXTS.csvName}
        loading={data.takeaway}
      >
        {(answer) => <TakeawayReport answer={answer} group={period.group} />}
      </ReportSection>
      <ReportSection
        title={TAKEAWAY_TEXTS.heatTitle}
        name="takeaway"
        ask={{ ...whole, group: 'slot' }}
        csvName={TAKEAWAY_TEXTS.heatCsvName}
        loading={data.slots}
      >
        {(answer) => <TakeawaySlots answer={answer} />}
      </ReportSection>
      <ReportSection
        title={DISHES_TEXTS.title}
        name="dishes"
        ask={whole}
        csvName={DISHES_TEXTS.csvName}
        loading={data.dishes}
      >
        {(answer) => <DishesReport answer={answer} />}
      </ReportSection>
      <ReportSection
        title={EVENTS_TEXTS.title}
        name="events"
        ask={whole}
        csvName={EVENTS_TEXTS.csvName}
        loading={data.events}
      >
        {(answer) => <EventsReport answer={answer} />}
      </ReportSection>
      <ReportSection
        title={LANGUAGES_TEXTS.title}
        name="languages"
        ask={whole}
        csvName={LANGUAGES_TEXTS.csvName}
        loading={data.languages}
      >
        {(answer) => <LanguagesReport answer={answer} />}
      </ReportSection>
    </StaffPanel>
  );
}
