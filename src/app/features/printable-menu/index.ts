/** The back office's printed menu: the PDFs to download and the tables' QR cards (/dashboard/print). */
export { PrintPage } from './print-page.tsx';
