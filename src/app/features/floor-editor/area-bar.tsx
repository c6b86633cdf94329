import { useId } from 'react';
import { FLOOR_NAME_MAX, FLOOR_LIMITS, type FloorArea } from '../../../shared/schemas/floor.ts';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { FLOOR_EDITOR_TEXTS as T } from './floor-editor-texts.ts';
import { CheckField, NameField } from './floor-fields.tsx';

/**
 * The areas as tabs (the one shown is pressed, and underlined, not only
 * coloured), the button that adds one, and the shown area's name, online
 * flag and removal (asked first: its tables go with it).
 */
export function AreaBar({
  areas,
  shownId,
  tablesIn,
  onShow,
  onAdd,
  onChange,
  onRemove,
}: {
  areas: readonly FloorArea[];
  shownId: number | null;
  tablesIn: (areaId: number) => number;
  onShow: (areaId: number) => void;
  onAdd: () => void;
  onChange: (areaId: number, change: Partial<FloorArea>) => void;
  onRemove: (areaId: number) => void;
}) {
  const id = useId();
  const shown = areas.find((area) => area.id === shownId);
  return (
    <div className="floor-editor__areas">
      <div className="floor-editor__tabs" role="group" aria-label={T.areas}>
        {areas.map((area) => (
          <button
            key={area.id}
            type="button"
            className="floor-editor__tab"
            aria-pressed={area.id === shownId}
            onClick={() => onShow(area.id)}
          >
            {area.name.trim() || '…'}
            {area.onlineBookable ? null : (
              <span className="floor-editor__tab-note"> ({T.areaOffline})</span>
            )}
          </button>
        ))}
        {areas.length < FLOOR_LIMITS.areas ? (
          <button
            type="button"
            className="staff-button staff-button--small staff-button--ghost"
            onClick={onAdd}
          >
            {T.addArea}
          </button>
        ) : null}
      </div>
      {shown ? (
        <div className="floor-editor__area">
          <NameField
            id={`${id}-name`}
            label={T.areaName}
            value={shown.name}
            maxLength={FLOOR_NAME_MAX}
            onChange={(name) => onChange(shown.id, { name })}
          />
          <CheckField
            id={`${id}-online`}
            label={T.areaOnline}
            checked={shown.onlineBookable}
            onChange={(onlineBookable) => onChange(shown.id, { onlineBookable })}
          />
          <ConfirmedAction
            key={shown.id}
            label={T.removeArea(shown.name)}
            question={T.removeAreaQuestion(shown.name, tablesIn(shown.id))}
            confirmLabel={T.removeYes}
            cancelLabel={T.back}
            danger
            onConfirm={async () => onRemove(shown.id)}
          />
        </div>
      ) : (
        <p>{T.noAreas}</p>
      )}
    </div>
  );
}
