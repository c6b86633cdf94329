import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { MenuImportAnswer, MenuImportChange } from '../../../shared/schemas/menu-csv.ts';
import { isRecord, type ApiFailure } from '../../api/client.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { showToast } from '../../components/toasts.tsx';
import { useApiErrorHandler, useUser } from '../staff/index.ts';
import { exportMenuCsv, importMenu, previewMenuImport } from './menu-editor-api.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';

/** The file's problems, one per row, from a 400 on `csv`; null for any other failure. */
function fileProblems(failure: ApiFailure): string[] | null {
  if (failure.kind !== 'http' || failure.status !== 400 || !isRecord(failure.body)) return null;
  const { errors } = failure.body;
  if (!isRecord(errors) || !Array.isArray(errors.csv)) return null;
  return errors.csv.filter((problem): problem is string => typeof problem === 'string');
}

/** A file's answer from the server: its text, shown, then imported if staff confirm. */
type Checked =
  | { kind: 'preview'; csv: string; answer: MenuImportAnswer }
  | { kind: 'refused'; problems: string[] };

/**
 * The whole menu as a CSV file: the export, then an import that first shows
 * what the file changes (and refuses a bad file, naming each row) and asks
 * for a confirmation before anything changes.
 */
export function MenuCsvPanel() {
  const id = useId();
  const { token } = useUser();
  const handleFailure = useApiErrorHandler();
  const revalidator = useRevalidator();
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function download() {
    if (!token) return;
    const result = await exportMenuCsv(token);
    if (!result.ok) {
      handleFailure(result.failure, T.csvExportFailed);
      return;
    }
    const link = document.createElement('a');
    link.href = URL.createObjectURL(result.data);
    link.download = 'menu.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (!token || busy || !file) return;
    setBusy(true);
    const csv = await file.text();
    const result = await previewMenuImport(token, csv);
    setBusy(false);
    if (result.ok) {
      setChecked({ kind: 'preview', csv, answer: result.data });
      return;
    }
    const problems = fileProblems(result.failure);
    if (problems) setChecked({ kind: 'refused', problems });
    else handleFailure(result.failure);
  }

  async function apply(csv: string) {
    if (!token) return;
    const result = await importMenu(token, csv);
    if (!result.ok) {
      const problems = fileProblems(result.failure);
      if (problems) setChecked({ kind: 'refused', problems });
      else handleFailure(result.failure);
      return;
    }
    const { added, updated, deleted } = result.data.summary;
    setChecked(null);
    void showToast('success', T.csvImported(added, updated, deleted));
    await revalidator.revalidate();
  }

  return (
    <section className="menu-editor__csv" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="staff-panel__subtitle">
        {T.csvTitle}
      </h2>
      <p className="staff-panel__intro">{T.csvIntro}</p>
      <button
        type="button"
        className="staff-button staff-button--small staff-button--ghost"
        onClick={() => void download()}
      >
        {T.csvExport}
      </button>
      <form className="staff-form menu-editor__csv-form" onSubmit={check} aria-busy={busy}>
        <div className="staff-field">
          <label htmlFor={`${id}-file`}>{T.csvFile}</label>
          <input
            id={`${id}-file`}
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            required
            onChange={() => setChecked(null)}
          />
        </div>
        <div className="staff-form__actions">
          <button type="submit" className="staff-button staff-button--small" disabled={busy}>
            {busy ? T.csvReading : T.csvPreview}
          </button>
        </div>
      </form>
      {checked?.kind === 'refused' ? (
        <div className="staff-warning menu-editor__csv-result" role="alert">
          <p className="staff-warning__title">{T.csvRefused}</p>
          <ul>
            {checked.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {checked?.kind === 'preview' ? (
        <ImportPreview answer={checked.answer} onImport={() => apply(checked.csv)} />
      ) : null}
    </section>
  );
}

function ImportPreview({
  answer,
  onImport,
}: {
  answer: MenuImportAnswer;
  onImport: () => Promise<void>;
}) {
  const { added, updated, deleted } = answer.summary;
  if (answer.changes.length === 0) {
    return (
      <p className="menu-editor__csv-result" role="status">
        {T.csvNoChanges}
      </p>
    );
  }
  const groups: [MenuImportChange['action'], string][] = [
    ['add', T.csvChangeAdd],
    ['update', T.csvChangeUpdate],
    ['delete', T.csvChangeDelete],
  ];
  return (
    <div className="menu-editor__csv-result" role="status">
      <p>
        <strong>{T.csvSummary(added, updated, deleted)}</strong>
      </p>
      {groups.map(([action, title]) => {
        const changes = answer.changes.filter((change) => change.action === action);
        if (changes.length === 0) return null;
        return (
          <div key={action}>
            <h3 className="menu-editor__csv-group">{title}</h3>
            <ul>
              {changes.map((change, index) => (
                <li key={`${change.entity}-${change.id ?? `new-${index}`}`}>
                  {change.entity === 'section' ? T.csvSection(change.name) : change.name}
                  {change.fields.length > 0 ? ` (${change.fields.join(', ')})` : ''}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      <ConfirmedAction label={T.csvImport} question={T.csvConfirmImport} onConfirm={onImport} />
    </div>
  );
}
