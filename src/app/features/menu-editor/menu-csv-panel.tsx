import { useId, useRef, useState, type FormEvent } from 'react';
import type { MenuImportAnswer, MenuImportChange } from '../../../shared/schemas/menu-csv.ts';
import type { ApiFailure } from '../../api/client.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { fieldProblemsOf, useStaffSave } from '../../staff/index.ts';
import { exportMenuCsv, importMenu, previewMenuImport } from './menu-editor-api.ts';
import { MENU_EDITOR_TEXTS as T } from './menu-editor-texts.ts';

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
  const { save } = useStaffSave();
  const { save: preview, busy } = useStaffSave();
  const [checked, setChecked] = useState<Checked | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  /** A 400 on `csv` names the file's problems, one per row. */
  const fileRefused = (failure: ApiFailure) => {
    const problems = fieldProblemsOf(failure)?.csv;
    if (problems) setChecked({ kind: 'refused', problems });
    return problems !== undefined;
  };

  async function download() {
    const result = await save(exportMenuCsv, { then: false, networkMessage: T.csvExportFailed });
    if (!result?.ok) return;
    const link = document.createElement('a');
    link.href = URL.createObjectURL(result.data);
    link.download = 'menu.csv';
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    if (busy || !file) return;
    await preview(
      async (token) => {
        const csv = await file.text();
        const result = await previewMenuImport(token, csv);
        if (result.ok) setChecked({ kind: 'preview', csv, answer: result.data });
        return result;
      },
      { then: false, onFailure: fileRefused },
    );
  }

  async function apply(csv: string) {
    await save((token) => importMenu(token, csv), {
      onFailure: fileRefused,
      onSaved: () => setChecked(null),
      success: ({ summary }) => T.csvImported(summary.added, summary.updated, summary.deleted),
    });
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
