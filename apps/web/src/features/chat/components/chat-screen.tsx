/**
 * /chat (docs/chat.md, "The chat screen"): the assistant, phone-first. The list scrolls between a
 * fixed header and the input, which sits at the bottom of the dynamic viewport so the keyboard
 * never covers it.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { MessageCircle, X } from 'lucide-react';
import { chatMessages } from '@billow/contracts';
import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useChat, type OpenSocket } from '../use-chat';
import type { ChatState } from '../chat-state';
import { ChatMessage, SYSTEM_NAME } from './chat-message';

const SUGGESTED_QUESTIONS = [
  "What's due this week?",
  'How much do I spend per month?',
  'What are my biggest subscriptions?',
  'Did any of my prices go up?',
  'How do I cancel a subscription?',
] as const;

function Indicator({ state }: { state: ChatState }) {
  const isOpen = state.connection === 'open';
  const label = isOpen
    ? state.isDemoMode
      ? 'Connected (Demo)'
      : 'Connected'
    : state.connection === 'connecting'
      ? 'Connecting...'
      : 'Disconnected';
  const color = isOpen ? (state.isDemoMode ? 'bg-yellow-500' : 'bg-green-500') : 'bg-red-500';
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
      <span className={cn('size-2 rounded-full', color)} aria-hidden="true" />
      {label}
    </span>
  );
}

export function ChatScreen({
  token,
  openSocket,
}: {
  token: string | null;
  openSocket?: OpenSocket;
}) {
  if (!token) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6 text-center">
        <p>{chatMessages.signedOut}</p>
      </main>
    );
  }
  return <ChatConversation token={token} {...(openSocket ? { openSocket } : {})} />;
}

function ChatConversation({ token, openSocket }: { token: string; openSocket?: OpenSocket }) {
  const { state, send, clear } = useChat({ token, ...(openSocket ? { openSocket } : {}) });
  const [draft, setDraft] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const isStreaming = state.streaming !== null;
  const canType = state.connection === 'open' && !isStreaming;
  const hasAsked = state.messages.some((m) => m.kind === 'user');

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [state.messages.length, state.streaming]);

  function submit(text: string) {
    if (send(text)) setDraft('');
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    submit(draft);
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(draft);
    }
  }

  const placeholder = isStreaming
    ? chatMessages.streamingPlaceholder
    : state.isDemoMode
      ? chatMessages.demoPlaceholder
      : chatMessages.placeholder;

  return (
    <div className="mx-auto flex h-dvh w-full max-w-2xl flex-col bg-background">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5">
            <h1 className="text-lg font-semibold">Chat</h1>
            <Indicator state={state} />
          </div>
          <p className="truncate text-xs text-muted-foreground">Your AI financial assistant</p>
        </div>
        <Button variant="ghost" size="sm" onClick={clear} disabled={state.messages.length === 0}>
          Clear
        </Button>
        <Link
          to="/"
          aria-label="Close chat"
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
        >
          <X aria-hidden="true" />
        </Link>
      </header>

      {state.isReconnecting && (
        <p
          role="status"
          className="bg-yellow-100 px-4 py-2 text-center text-sm text-yellow-900 dark:bg-yellow-900/40 dark:text-yellow-100"
        >
          {chatMessages.reconnecting}
        </p>
      )}

      <div className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite">
        {!hasAsked && (
          <div className="flex flex-col items-center gap-2 pt-4 pb-6 text-center">
            <span
              className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary"
              aria-hidden="true"
            >
              <MessageCircle className="size-6" />
            </span>
            <h2 className="text-xl font-semibold">Welcome to {SYSTEM_NAME} Chat (beta)</h2>
            <p className="text-sm text-muted-foreground">Ask about your subscriptions and bills.</p>
          </div>
        )}
        {(state.messages.length > 0 || isStreaming) && (
          <ol className="flex flex-col gap-4">
            {state.messages.map(({ id, ...message }) => (
              <ChatMessage key={id} {...message} />
            ))}
            {isStreaming && (
              <ChatMessage
                kind="assistant"
                content={state.streaming ?? ''}
                timestamp={new Date().toISOString()}
                isStreaming
              />
            )}
          </ol>
        )}
        {!hasAsked && (
          <section aria-labelledby="chat-suggestions" className="mt-6">
            <h2 id="chat-suggestions" className="mb-2 text-xs font-medium text-muted-foreground">
              Try asking
            </h2>
            <ul className="flex flex-wrap gap-2" aria-label="Suggested questions">
              {SUGGESTED_QUESTIONS.map((question) => (
                <li key={question}>
                  <Button
                    variant="outline"
                    size="sm"
                    className="h-auto min-h-9 rounded-full py-1.5 text-left whitespace-normal"
                    disabled={!canType}
                    onClick={() => submit(question)}
                  >
                    {question}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <div ref={endRef} />
      </div>

      <form
        onSubmit={onSubmit}
        className="border-t border-border px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      >
        <div className="flex items-end gap-2">
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          <textarea
            id="chat-input"
            rows={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={placeholder}
            disabled={!canType}
            maxLength={1000}
            className="max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-input bg-card px-4 py-2.5 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
          />
          <Button type="submit" disabled={!canType || draft.trim() === ''}>
            {isStreaming ? '...' : 'Send'}
          </Button>
        </div>
        <p className="mt-2 text-center text-xs text-muted-foreground">
          Powered by{' '}
          {state.poweredBy ? `${state.poweredBy.provider} ${state.poweredBy.model}` : SYSTEM_NAME}
        </p>
      </form>
    </div>
  );
}
