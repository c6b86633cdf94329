import { useId, type MouseEvent, type ReactNode } from 'react';
import type { ReportName } from '../../../shared/schemas/reports.ts';
import { LoadedPanel, useStaffSave, type Loading } from '../../staff/index.ts';
import { fetchFile } from '../../api/client.ts';
import { reportFileName } from '../../../shared/schemas/reports.ts';
import { csvHref, type ReportAsk } from './reports-api.ts';
import { REPORTS_TEXTS as T } from './reports-texts.ts';

/**
 * One report on the page: its title, the link to its CSV file, then its
 * charts and tables once its answer is in (its own loading text and failure:
 * each report loads on its own).
 */
export function ReportSection<Data>({
  title,
  name,
  ask,
  csvName,
  loading,
  children,
}: {
  title: string;
  name: ReportName;
  ask: ReportAsk;
  /** What the CSV link names: "le prenotazioni". */
  csvName: string;
  loading: Loading<Data>;
  children: (data: Data) => ReactNode;
}) {
  const id = useId();
  return (
    <section className="report" aria-labelledby={`${id}-title`}>
      <div className="report__head">
        <h2 id={`${id}-title`} className="staff-panel__subtitle">
          {title}
        </h2>
        <CsvLink name={name} ask={ask} label={T.csv(csvName)} />
      </div>
      <LoadedPanel loading={loading} texts={T}>
        {children}
      </LoadedPanel>
    </section>
  );
}

/**
 * The report's CSV file. The back office's session is a bearer token, not a
 * cookie, so the link's own address (what a long press copies) is fetched
 * with the token and handed to the browser as a file, as the menu's CSV export
 * does (features/menu-editor/menu-csv-panel.tsx).
 */
function CsvLink({ name, ask, label }: { name: ReportName; ask: ReportAsk; label: string }) {
  const { save } = useStaffSave();
  const href = csvHref(name, ask);
  const fileName = reportFileName(name, ask);
  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const result = await save((token) => fetchFile(token, href), {
      then: false,
      networkMessage: T.csvFailed,
    });
    if (!result?.ok) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(result.data);
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(link.href);
  }
  return (
    <a
      className="staff-button staff-button--small staff-button--ghost report__csv"
      href={href}
      download={fileName}
      type="text/csv"
      onClick={(event) => void download(event)}
    >
      {label}
    </a>
  );
}
