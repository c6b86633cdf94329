/**
 * The owner's reports (/dashboard/reports): the period picker, the charts
 * (visx's SVG, loaded with this section only: docs/decisions/021-report-charts.md),
 * each chart's table and CSV file.
 */
export { loadReports, type ReportsData } from './load-reports.ts';
export { ReportsPage } from './reports-page.tsx';
