import { Inbox } from '../../features/inbox/index.ts';

export default function Messages() {
  return <Inbox />;
}
