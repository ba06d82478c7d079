import { TOKEN_STORAGE_KEY } from '@billow/contracts';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { useSession } from '@/lib/session/session';

export function Component() {
  const { status } = useSession();
  const token = status === 'authenticated' ? sessionStorage.getItem(TOKEN_STORAGE_KEY) : null;
  return <ChatScreen token={token} />;
}
Component.displayName = 'ChatRoute';
