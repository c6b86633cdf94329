/**
 * What the staff session offers the other features: who is logged in, the
 * handler for failed API calls, the staff texts and the pieces of its forms
 * they reuse, and how the back office's sections load their data. Other
 * features import these from here only.
 */
export { useUser } from './user-provider.tsx';
export { useApiErrorHandler } from './use-api-error-handler.ts';
export { storedToken, withSessionToken } from './session.ts';
export { useLoaded, type Loading } from './use-loaded.ts';
export { logOut } from './auth-api.ts';
export { loginStateFor } from './return-to.ts';
export { EmailField } from './email-field.tsx';
export {
  AUDIT_TEXTS,
  COLLEAGUES_TEXTS,
  COMMON_TEXTS,
  DASHBOARD_TEXTS,
  DIALOG_TEXTS,
  NAV_TEXTS,
} from './texts.ts';
