export {
  staffMeta as meta,
  staffHeaders as headers,
  StaffHydrateFallback as HydrateFallback,
} from './staff-route.tsx';

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export default function ResetPassword() {
  return (
    <main id="main" className="staff-page">
      <h1>Cambia password</h1>
    </main>
  );
}
