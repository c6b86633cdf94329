import {
  pushDevicesAnswer,
  pushKeyAnswer,
  type PushDevice,
  type PushSubscriptionBody,
} from '../../../shared/schemas/push.ts';
import { apiRequest, parseAnswer, type ApiResult } from '../../api/client.ts';

/** GET /api/push/key: the server's VAPID public key, for `pushManager.subscribe`. */
export async function fetchPushKey(): Promise<ApiResult<string>> {
  const result = parseAnswer(await apiRequest('GET', '/push/key'), pushKeyAnswer);
  return result.ok ? { ...result, data: result.data.publicKey } : result;
}

/** GET /api/push/subscriptions: the caller's devices, newest first. */
export async function fetchDevices(token: string): Promise<ApiResult<PushDevice[]>> {
  return parseAnswer(await apiRequest('GET', '/push/subscriptions', { token }), pushDevicesAnswer);
}

/** POST /api/push/subscriptions: this device, with the topics chosen (again, to change them). */
export function saveSubscription(
  token: string,
  body: PushSubscriptionBody,
): Promise<ApiResult<unknown>> {
  return apiRequest('POST', '/push/subscriptions', { token, body });
}

/** DELETE /api/push/subscriptions: one of the caller's devices stops receiving. */
export function removeSubscription(token: string, endpoint: string): Promise<ApiResult<unknown>> {
  return apiRequest('DELETE', '/push/subscriptions', { token, body: { endpoint } });
}
