/**
 * The back office's shared staff layer: the session (who is logged in, its
 * token), how a section loads its data and shows it (`useLoaded`,
 * `LoadedPanel`), how a form saves (`useSave`; `useStaffSave` adds the
 * session's token), the handler for failed API calls and the way back after
 * a login. Every staff feature builds on these; other features import them
 * from here only.
 */
export { UserProvider, useUser } from './user-provider.tsx';
export { useApiErrorHandler } from './use-api-error-handler.ts';
export { session, storedToken, userFrom, withSessionToken, type StaffUser } from './session.ts';
export { answered, useLoaded, type Loading } from './use-loaded.ts';
export { loginStateFor, returnPath } from './return-to.ts';
export { staffLinks } from './staff-links.ts';
export { COMMON_TEXTS, persons, plural } from './texts.ts';
export { LoadedPanel } from './loaded-panel.tsx';
export { fieldProblemsOf, useSave } from './use-save.ts';
export { useStaffSave } from './use-staff-save.ts';
export { useDraft } from './use-draft.ts';
export { issuesOf, useCheckedSave } from './use-checked-save.ts';
export { SaveBar, SubmitButton } from './save-bar.tsx';
export { StaffPanel } from './staff-panel.tsx';
export { DeclineAllAction, type DeclineAllTexts } from './decline-all.tsx';
export { DeclineMessageField } from './decline-message-field.tsx';
export { EmailField } from './email-field.tsx';
export { GuestLangField, NumberField, problemsInOrder, typedNumber } from './form-fields.tsx';
export { useModalDialog } from './use-modal-dialog.ts';
