import { withSessionToken } from '../../staff/index.ts';
import { fetchMessages, Inbox } from '../../features/inbox/index.ts';
import type { Route } from './+types/messages';

export function clientLoader() {
  // Not awaited: the section opens at once with its loading text.
  return { messages: withSessionToken((token) => fetchMessages(token)) };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  return <Inbox messages={loaderData.messages} />;
}
