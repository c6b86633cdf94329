import { isUnauthorized, type ApiFailure } from '../../api/client.ts';
import { DIALOG_TEXTS } from './daily-menu-texts.ts';

export type SaveOutcome = { ok: true; statusText: string } | { ok: false; failure: ApiFailure };

export interface DialogContent {
  title: string;
  body: string;
}

/**
 * The daily-menu update's result dialogs. The success line shows the answer's
 * status text; HTTP/2 has none, so "OK" stands in for an empty one.
 */
export function resultDialogContent(outcome: SaveOutcome): DialogContent {
  if (outcome.ok) {
    return {
      title: DIALOG_TEXTS.successTitle,
      body: DIALOG_TEXTS.successBody(outcome.statusText.trim() || 'OK'),
    };
  }
  const unauthorized = isUnauthorized(outcome.failure);
  return {
    title: DIALOG_TEXTS.failureTitle,
    body: DIALOG_TEXTS.failureBody(
      unauthorized ? DIALOG_TEXTS.unauthorizedDetail : DIALOG_TEXTS.unknownDetail,
    ),
  };
}
