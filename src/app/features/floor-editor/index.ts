/** The back office's floor plan editor (/dashboard/floor, owners). */
export { FloorEditor } from './floor-editor.tsx';
export { fetchFloorPlan } from './floor-editor-api.ts';
