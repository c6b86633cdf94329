/** The back office's menu editor (/dashboard/menu). */
export { MenuEditor } from './menu-editor.tsx';
export { loadMenuEditor, type MenuEditorData } from './load-menu-editor.ts';
