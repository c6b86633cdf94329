import { Colleagues } from '../../features/staff-accounts/colleagues.tsx';

export default function Team() {
  return <Colleagues />;
}
