/**
 * Staff notifications by Web Push on "Il mio account": this device's
 * switch and topics, the person's devices, and their data.
 */
export { DeviceNotifications } from './device-notifications.tsx';
export { fetchDevices } from './push-api.ts';
