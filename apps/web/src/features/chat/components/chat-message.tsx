import { format } from 'date-fns';
import { cn } from '@/lib/cn';
import type { ChatEntry } from '../chat-state';

export const SYSTEM_NAME = 'Billow';
export const ASSISTANT_NAME = 'Billow Assistant';

const authorOf = (kind: ChatEntry['kind']) =>
  kind === 'user' ? 'You' : kind === 'assistant' ? ASSISTANT_NAME : SYSTEM_NAME;

/** One message: its author, its time, and its text (line breaks kept). */
export function ChatMessage({
  kind,
  content,
  timestamp,
  isStreaming = false,
}: Omit<ChatEntry, 'id'> & { isStreaming?: boolean }) {
  const isUser = kind === 'user';
  return (
    <li className={cn('flex flex-col gap-1', isUser ? 'items-end' : 'items-start')}>
      <div className="flex items-baseline gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{authorOf(kind)}</span>
        <time dateTime={timestamp}>{format(new Date(timestamp), 'h:mm a')}</time>
      </div>
      <div
        role={kind === 'error' ? 'alert' : undefined}
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm',
          isUser && 'bg-primary text-primary-foreground',
          (kind === 'assistant' || kind === 'welcome') && 'bg-muted text-foreground',
          kind === 'error' && 'border border-destructive/40 bg-destructive/10 text-destructive',
        )}
      >
        {content}
        {isStreaming && (
          <span
            className="ml-1 inline-flex gap-1 align-middle"
            role="status"
            aria-label="Assistant is typing"
          >
            {[0, 1, 2].map((dot) => (
              <span
                key={dot}
                className="size-1.5 animate-bounce rounded-full bg-current motion-reduce:animate-none"
                style={{ animationDelay: `${dot * 150}ms` }}
              />
            ))}
          </span>
        )}
      </div>
    </li>
  );
}
