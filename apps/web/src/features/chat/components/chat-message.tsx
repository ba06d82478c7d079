import { format } from 'date-fns';
import { cn } from '@/lib/cn';
import type { ChatEntry } from '../chat-state';

export const SYSTEM_NAME = 'Billow';
const ASSISTANT_NAME = 'Billow Assistant';

const authorOf = (kind: ChatEntry['kind']) =>
  kind === 'user' ? 'You' : kind === 'assistant' ? ASSISTANT_NAME : SYSTEM_NAME;

/** Text in blocks: runs of lines starting with "- " become a bulleted list, the rest paragraphs. */
function MessageText({ content }: { content: string }) {
  const blocks: ({ kind: 'text'; lines: string[] } | { kind: 'list'; lines: string[] })[] = [];
  for (const line of content.split('\n')) {
    const isItem = line.startsWith('- ');
    const kind = isItem ? 'list' : 'text';
    const last = blocks.at(-1);
    const text = isItem ? line.slice(2) : line;
    if (last?.kind === kind) last.lines.push(text);
    else blocks.push({ kind, lines: [text] });
  }
  return blocks.map((block, index) =>
    block.kind === 'list' ? (
      <ul key={index} className="my-1 list-disc space-y-0.5 pl-5 marker:text-muted-foreground">
        {block.lines.map((line, item) => (
          <li key={item}>{line}</li>
        ))}
      </ul>
    ) : (
      <p key={index}>{block.lines.join('\n')}</p>
    ),
  );
}

/** One message: its author, its time, and its text (line breaks kept, "- " lines as bullets). */
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
        <MessageText content={content} />
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
