import { useEffect, useId, useState } from 'react';
import {
  PUSH_TOPIC_LABELS,
  PUSH_TOPICS,
  type PushDevice,
  type PushTopic,
} from '../../../shared/schemas/push.ts';
import { LoadedPanel, StaffPanel, useStaffSave, type Loading } from '../../staff/index.ts';
import { momentText } from '../../staff-kit/index.ts';
import {
  currentSubscription,
  pushSupport,
  subscribeThisDevice,
  subscriptionBody,
  type PushSupport,
} from './browser-push.ts';
import { NOTIFICATIONS_TEXTS as T } from './notifications-texts.ts';
import { fetchPushKey, removeSubscription, saveSubscription } from './push-api.ts';

/** "Ultimo invio: ieri alle 20:31", or "Ultimo invio: mai". */
export const lastUsedText = (iso: string | null, now: Date): string =>
  T.lastUsed(iso === null ? T.never : momentText(iso, now));

/** What this browser offers, read once on the page (not while rendering on the server). */
interface ThisDevice {
  support: PushSupport;
  permission: NotificationPermission;
  /** The endpoint of the subscription this browser holds, if any. */
  endpoint: string | null;
}

function useThisDevice() {
  const [device, setDevice] = useState<ThisDevice | null>(null);
  useEffect(() => {
    let current = true;
    const support = pushSupport();
    if (support !== 'supported') {
      setDevice({ support, permission: 'default', endpoint: null });
      return;
    }
    void currentSubscription()
      .catch(() => null)
      .then((subscription) => {
        if (!current) return;
        setDevice({
          support,
          permission: Notification.permission,
          endpoint: subscription?.endpoint ?? null,
        });
      });
    return () => {
      current = false;
    };
  }, []);
  return [device, setDevice] as const;
}

/**
 * "Il mio account"'s notifications: switching them on for this device
 * (the browser asks for permission only after that tap), the topics it
 * receives, switching them off, and the list of the person's devices, each
 * removable. The list is the route's loading (GET /api/push/subscriptions).
 */
export function DeviceNotifications({ devices }: { devices: Loading<PushDevice[]> }) {
  const [device, setDevice] = useThisDevice();
  return (
    <StaffPanel title={T.title} intro={T.intro} className="staff-notifications">
      <LoadedPanel loading={devices} texts={T}>
        {(listed) =>
          device === null ? (
            <p role="status">{T.checking}</p>
          ) : (
            <>
              <ThisDeviceControls
                device={device}
                listed={listed}
                onChange={(change) => setDevice((current) => current && { ...current, ...change })}
              />
              <DeviceList
                devices={listed}
                thisEndpoint={device.endpoint}
                onThisRemoved={() =>
                  setDevice((current) => current && { ...current, endpoint: null })
                }
              />
              {/* On an iPhone outside the home screen it is the panel's main text already;
                  elsewhere it tells whoever sets up the colleagues' phones. */}
              {device.support === 'iphone' ? null : <p className="staff-hint">{T.iphone}</p>}
            </>
          )
        }
      </LoadedPanel>
    </StaffPanel>
  );
}

function ThisDeviceControls({
  device,
  listed,
  onChange,
}: {
  device: ThisDevice;
  listed: PushDevice[];
  onChange: (change: Partial<ThisDevice>) => void;
}) {
  const id = useId();
  const { save, busy } = useStaffSave();
  // On only when the server knows this browser's subscription: one removed
  // from another device's list is off here too, until switched on again.
  const mine = listed.find((entry) => entry.endpoint === device.endpoint) ?? null;
  const [topics, setTopics] = useState<PushTopic[]>(() => mine?.topics ?? [...PUSH_TOPICS]);
  const [notGranted, setNotGranted] = useState(false);

  if (device.support === 'iphone') return <p>{T.iphone}</p>;
  if (device.support === 'unsupported') return <p>{T.unsupported}</p>;
  if (device.permission === 'denied') {
    return (
      <div className="staff-warning" role="alert">
        <p className="staff-warning__title">{T.deniedTitle}</p>
        <p>{T.denied}</p>
      </div>
    );
  }

  async function switchOn() {
    if (busy) return;
    // Asked here, on the tap, and never before: browsers ignore (or hold
    // against the site) a prompt nobody asked for.
    const permission = await Notification.requestPermission();
    onChange({ permission });
    setNotGranted(permission === 'default');
    if (permission !== 'granted') return;
    await save(
      async (token) => {
        const key = await fetchPushKey();
        if (!key.ok) return key;
        let subscription: PushSubscription;
        try {
          subscription = await subscribeThisDevice(key.data);
        } catch (error) {
          // The browser refused (no push service reachable, a blocked worker).
          return { ok: false, failure: { kind: 'network', error } };
        }
        const saved = await saveSubscription(token, subscriptionBody(subscription, topics));
        if (saved.ok) onChange({ endpoint: subscription.endpoint });
        return saved;
      },
      { success: T.switchedOn, networkMessage: T.failed },
    );
  }

  async function changeTopics(next: PushTopic[]) {
    setTopics(next);
    if (!mine || busy) return;
    await save(
      async (token) => {
        const subscription = await currentSubscription();
        if (!subscription) {
          onChange({ endpoint: null });
          return { ok: false, failure: { kind: 'network', error: 'no subscription' } };
        }
        return saveSubscription(token, subscriptionBody(subscription, next));
      },
      { success: T.topicsSaved, networkMessage: T.failed },
    );
  }

  async function switchOff(endpoint: string) {
    if (busy) return;
    await save(
      async (token) => {
        const removed = await removeSubscription(token, endpoint);
        if (removed.ok) {
          await (await currentSubscription())?.unsubscribe();
          onChange({ endpoint: null });
        }
        return removed;
      },
      { success: T.switchedOff },
    );
  }

  const toggle = (topic: PushTopic, on: boolean) =>
    void changeTopics(PUSH_TOPICS.filter((each) => (each === topic ? on : topics.includes(each))));

  return (
    <div className="staff-notifications__device" aria-busy={busy}>
      <fieldset className="staff-fieldset" aria-describedby={`${id}-topics-hint`}>
        <legend>{T.topics}</legend>
        <div className="staff-notifications__topics">
          {PUSH_TOPICS.map((topic) => {
            const checked = topics.includes(topic);
            return (
              <label key={topic} className="staff-switch">
                <input
                  type="checkbox"
                  checked={checked}
                  // The last topic stays: switching off is "Disattiva".
                  disabled={busy || (checked && topics.length === 1)}
                  onChange={(event) => toggle(topic, event.target.checked)}
                />
                {PUSH_TOPIC_LABELS[topic]}
              </label>
            );
          })}
        </div>
        <p className="staff-hint" id={`${id}-topics-hint`}>
          {T.lastTopic}
        </p>
      </fieldset>
      {mine ? (
        <div className="staff-list__actions">
          <p role="status">{T.active}</p>
          <button
            type="button"
            className="staff-button staff-button--ghost"
            disabled={busy}
            onClick={() => void switchOff(mine.endpoint)}
          >
            {T.switchOff}
          </button>
        </div>
      ) : (
        <div className="staff-list__actions">
          <button
            type="button"
            className="staff-button"
            disabled={busy}
            onClick={() => void switchOn()}
          >
            {busy ? T.switchingOn : T.switchOn}
          </button>
          {notGranted ? <p role="status">{T.notGranted}</p> : null}
        </div>
      )}
    </div>
  );
}

function DeviceList({
  devices,
  thisEndpoint,
  onThisRemoved,
}: {
  devices: PushDevice[];
  thisEndpoint: string | null;
  onThisRemoved: () => void;
}) {
  const id = useId();
  const { save, busy } = useStaffSave();
  const now = new Date();

  async function remove(endpoint: string) {
    if (busy) return;
    await save(
      async (token) => {
        const removed = await removeSubscription(token, endpoint);
        if (removed.ok && endpoint === thisEndpoint) {
          // This very browser: it stops holding a subscription nobody sends to.
          await (await currentSubscription())?.unsubscribe();
          onThisRemoved();
        }
        return removed;
      },
      { success: T.removed },
    );
  }

  return (
    <>
      <h3 id={`${id}-devices`} className="staff-notifications__devices">
        {T.devices}
      </h3>
      {devices.length === 0 ? (
        <p>{T.noDevices}</p>
      ) : (
        <ul className="staff-list" aria-labelledby={`${id}-devices`}>
          {devices.map((device) => (
            <li key={device.endpoint} className="staff-list__item">
              <span className="staff-list__name">
                {device.browser}
                {device.endpoint === thisEndpoint ? (
                  <span className="staff-badge">{T.thisDevice}</span>
                ) : null}
              </span>
              <span className="staff-list__meta">
                <span>{lastUsedText(device.lastUsedAt, now)}</span>
                <span>{device.topics.map((topic) => PUSH_TOPIC_LABELS[topic]).join(', ')}</span>
              </span>
              <div className="staff-list__actions">
                <button
                  type="button"
                  className="staff-button staff-button--small staff-button--danger"
                  aria-label={T.removeLabel(device.browser)}
                  disabled={busy}
                  onClick={() => void remove(device.endpoint)}
                >
                  {T.remove}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
