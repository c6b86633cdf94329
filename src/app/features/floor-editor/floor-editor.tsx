import { useState, type FormEvent } from 'react';
import { refusalsOf } from '../../api/errors.ts';
import type { ApiFailure } from '../../api/client.ts';
import { mayOpen, sectionAt } from '../../back-office/sections.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { FormProblems } from '../../components/form-problems.tsx';
import { FLOOR_LIMITS, FLOOR_REFUSALS, type FloorPlan } from '../../../shared/schemas/floor.ts';
import {
  LoadedPanel,
  SaveBar,
  StaffPanel,
  useCheckedSave,
  useDraft,
  useUser,
  type Loading,
} from '../../staff/index.ts';
import { AreaBar } from './area-bar.tsx';
import { CombinationsPanel } from './combinations-panel.tsx';
import { FloorCanvas } from './floor-canvas.tsx';
import {
  addArea,
  addCombination,
  addTable,
  bodyOf,
  draftOf,
  duplicateTable,
  nudgeTable,
  problemsOf,
  removeArea,
  removeCombination,
  removeTable,
  updateCombination,
  updateTable,
  type FloorDraft,
  type Place,
} from './floor-draft.ts';
import { saveFloorPlan } from './floor-editor-api.ts';
import { FLOOR_EDITOR_TEXTS as T } from './floor-editor-texts.ts';
import { TablePanel } from './table-panel.tsx';

/** /dashboard/floor (owners): the areas, their tables on the plan, and the combinations. */
export function FloorEditor({ plan }: { plan: Loading<FloorPlan> }) {
  const { user } = useUser();
  const allowed = mayOpen(sectionAt('floor'), user?.role);
  return (
    <StaffPanel heading="h1" title={T.title} className="floor-editor">
      {!allowed ? (
        <p role="alert">{T.ownerOnly}</p>
      ) : (
        <>
          <p className="staff-panel__intro">{T.intro}</p>
          <LoadedPanel loading={plan} texts={T}>
            {(loaded) => <FloorForm plan={loaded} />}
          </LoadedPanel>
        </>
      )}
    </StaffPanel>
  );
}

/**
 * The server's refusals the form shows itself (409 table-in-use, naming the
 * bookings, and name-taken): the server's Italian sentence, or ours when it
 * sent none; none for another failure (the generic handler's).
 */
function refusalTexts(failure: ApiFailure): string[] {
  return refusalsOf(failure).flatMap((refusal) =>
    refusal.code === FLOOR_REFUSALS.inUse
      ? [refusal.description || T.inUse]
      : refusal.code === FLOOR_REFUSALS.nameTaken
        ? [refusal.description || T.nameTaken]
        : [],
  );
}

type Nudge = { dx?: number; dy?: number; dw?: number; dh?: number };

function FloorForm({ plan }: { plan: FloorPlan }) {
  const { submit, busy, problems } = useCheckedSave();
  // A plan saved meanwhile (here or on another device) shows, unless the owner is editing.
  const { draft, setDraft, dirty, keep } = useDraft(plan, draftOf);
  const [areaId, setAreaId] = useState<number | null>(plan.areas[0]?.id ?? null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  const [newer, setNewer] = useState(false);
  const [planShown, setPlanShown] = useState(plan);
  if (plan !== planShown) {
    setPlanShown(plan);
    setNewer(dirty && JSON.stringify(plan) !== JSON.stringify(planShown));
  }

  const area = draft.areas.find((entry) => entry.id === areaId) ?? draft.areas[0] ?? null;
  const tables = draft.tables.filter((table) => table.areaId === area?.id);
  const tableIds = new Set(tables.map((table) => table.id));
  const combinations = draft.combinations.filter((c) => c.tableIds.some((id) => tableIds.has(id)));
  const selected = tables.find((table) => table.id === selectedId) ?? null;

  const change = (next: (current: FloorDraft) => FloorDraft) => setDraft(next);
  const placeSaid = (table: Place & { name: string }, resized: boolean) =>
    resized ? T.sizeSaid(table.name, table.w, table.h) : T.placeSaid(table.name, table.x, table.y);

  function nudge(tableId: number, by: Nudge) {
    const next = nudgeTable(draft, tableId, by);
    setDraft(next);
    const moved = next.tables.find((table) => table.id === tableId);
    if (moved) setSaid(placeSaid(moved, by.dw !== undefined || by.dh !== undefined));
  }
  function place(tableId: number, at: Place, kind: 'move' | 'resize') {
    const table = draft.tables.find((entry) => entry.id === tableId);
    change((current) => updateTable(current, tableId, at));
    if (table) setSaid(placeSaid({ ...table, ...at }, kind === 'resize'));
  }
  function select(tableId: number) {
    setSelectedId(tableId);
    const table = draft.tables.find((entry) => entry.id === tableId);
    if (table && tableId !== selectedId) setSaid(T.chosen(table.name));
  }

  /** The answer's real ids: the area and table shown are found again by name (unique in the plan). */
  function follow(saved: FloorPlan) {
    const areaName = area?.name.trim();
    setAreaId(
      saved.areas.find((entry) => entry.name === areaName)?.id ?? saved.areas[0]?.id ?? null,
    );
    const tableName = selected?.name.trim();
    setSelectedId(saved.tables.find((entry) => entry.name === tableName)?.id ?? null);
    setNewer(false);
    keep(saved);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    setRefused([]);
    await submit(event, problemsOf(draft), (token) => saveFloorPlan(token, bodyOf(draft)), {
      onSaved: follow,
      success: T.saved,
      onFailure: (failure) => {
        const texts = refusalTexts(failure);
        setRefused(texts);
        return texts.length > 0;
      },
    });
  }

  return (
    <form className="staff-form floor-editor__form" onSubmit={onSubmit} aria-busy={busy} noValidate>
      <AreaBar
        areas={draft.areas}
        shownId={area?.id ?? null}
        tablesIn={(id) => draft.tables.filter((table) => table.areaId === id).length}
        onShow={(id) => {
          setAreaId(id);
          setSelectedId(null);
        }}
        onAdd={() => {
          const added = addArea(draft);
          setDraft(added.draft);
          setAreaId(added.id);
          setSelectedId(null);
        }}
        onChange={(id, edit) =>
          change((current) => ({
            ...current,
            areas: current.areas.map((entry) => (entry.id === id ? { ...entry, ...edit } : entry)),
          }))
        }
        onRemove={(id) => {
          change((current) => removeArea(current, id));
          setAreaId(null);
          setSelectedId(null);
        }}
      />
      {area ? (
        <div className="floor-editor__layout">
          <div className="floor-editor__plan">
            <p className="staff-hint">{T.planHint}</p>
            <FloorCanvas
              label={T.planOf(area.name)}
              tables={tables}
              combinations={combinations}
              selectedId={selected?.id ?? null}
              onSelect={select}
              onPlace={place}
              onNudge={nudge}
            />
            {tables.length === 0 ? <p>{T.emptyArea}</p> : null}
            <ul className="floor-editor__legend" aria-label={T.legend}>
              <li>{T.legendSelected}</li>
              <li>{T.legendOffline}</li>
              <li>{T.legendJoined}</li>
            </ul>
            <div className="floor-editor__chips" role="group" aria-label={T.tableList}>
              {tables.map((table) => (
                <button
                  key={table.id}
                  type="button"
                  className="floor-editor__chip"
                  aria-pressed={table.id === selected?.id}
                  aria-label={T.chooseTable(table.name)}
                  onClick={() => select(table.id)}
                >
                  {table.id === selected?.id ? '✓ ' : ''}
                  {table.name}
                </button>
              ))}
              {draft.tables.length < FLOOR_LIMITS.tables ? (
                <button
                  type="button"
                  className="staff-button staff-button--small"
                  onClick={() => {
                    const added = addTable(draft, area.id);
                    setDraft(added.draft);
                    setSelectedId(added.id);
                    const name = added.draft.tables.find((t) => t.id === added.id)?.name ?? '';
                    setSaid(T.added(name));
                  }}
                >
                  {T.addTable}
                </button>
              ) : null}
            </div>
          </div>
          <div className="floor-editor__side">
            {selected ? (
              <TablePanel
                table={selected}
                onChange={(edit) => change((current) => updateTable(current, selected.id, edit))}
                onNudge={(by) => nudge(selected.id, by)}
                onDuplicate={() => {
                  const copy = duplicateTable(draft, selected.id);
                  setDraft(copy.draft);
                  setSelectedId(copy.id);
                  const name = copy.draft.tables.find((t) => t.id === copy.id)?.name ?? '';
                  setSaid(T.added(name));
                }}
                onRemove={() => {
                  change((current) => removeTable(current, selected.id));
                  setSelectedId(null);
                  setSaid(T.removed(selected.name));
                }}
              />
            ) : (
              <p className="floor-editor__none">{T.noSelection}</p>
            )}
            <CombinationsPanel
              tables={tables}
              combinations={combinations}
              onCreate={(ids) => change((current) => addCombination(current, ids).draft)}
              onChange={(id, edit) => change((current) => updateCombination(current, id, edit))}
              onRemove={(id) => change((current) => removeCombination(current, id))}
            />
          </div>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {newer ? (
        <p className="staff-warning" role="status">
          {T.newerPlan}
        </p>
      ) : null}
      <FormProblems title={T.fix} problems={problems} />
      <FormProblems title={T.refused} problems={refused} />
      <SaveBar
        label={T.save}
        savingLabel={T.saving}
        saving={busy}
        unsaved={dirty}
        unsavedNote={T.unsaved}
        className="floor-editor__save"
      >
        {dirty ? (
          <ConfirmedAction
            label={T.discard}
            question={T.discardQuestion}
            confirmLabel={T.discardYes}
            cancelLabel={T.back}
            onConfirm={async () => {
              setNewer(false);
              setRefused([]);
              keep(plan);
            }}
          />
        ) : null}
      </SaveBar>
    </form>
  );
}
