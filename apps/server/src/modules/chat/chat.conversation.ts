/**
 * One chat connection: its conversation (trimmed so it fits a model), one answer at a time, and
 * each person's pace across all their connections. What the person typed is only ever passed to
 * the model, never logged.
 */
import { chatClientFrame, chatMessages, type ChatServerFrame } from '@billow/contracts';
import type { ChatModel, ChatTurn, FinanceReader } from '../../providers/chat-model/chat-model';

/** Turns and characters kept per connection: old turns go first. */
export const HISTORY_LIMITS = { turns: 20, characters: 12_000 } as const;
const WINDOW_MS = 60_000;

export function trimHistory(history: ChatTurn[]): ChatTurn[] {
  let kept = history.slice(-HISTORY_LIMITS.turns);
  while (
    kept.length > 1 &&
    kept.reduce((n, t) => n + t.content.length, 0) > HISTORY_LIMITS.characters
  ) {
    kept = kept.slice(1);
  }
  return kept;
}

/**
 * At most `perMinute` messages in any minute, per person, whichever connection they come on. The
 * app counts in the database (chat.pace.ts), so the pace holds across API processes; this
 * in-memory count is for a conversation on its own (its unit tests).
 */
export type MessagePace = { allow(userId: string): Promise<boolean> };

export function createMessagePace(perMinute: number, now: () => number): MessagePace {
  const sent = new Map<string, number[]>();
  return {
    async allow(userId: string) {
      const at = now();
      const recent = (sent.get(userId) ?? []).filter((t) => at - t < WINDOW_MS);
      if (recent.length >= perMinute) {
        sent.set(userId, recent);
        return false;
      }
      recent.push(at);
      sent.set(userId, recent);
      return true;
    },
  };
}

type ConversationDeps = {
  userId: string;
  model: ChatModel;
  finances: FinanceReader;
  pace: MessagePace;
  send: (frame: ChatServerFrame) => void;
  clock: () => Date;
  log: { error(details: object, message: string): void };
};

export function openConversation(deps: ConversationDeps) {
  const { model, send } = deps;
  let history: ChatTurn[] = [];
  let answering: AbortController | undefined;
  /** A message whose pace is being counted: the next one waits like during an answer. */
  let isCounting = false;
  const closed = new AbortController();

  send({
    type: 'welcome',
    isDemoMode: model.isDemoMode,
    content: model.isDemoMode
      ? "Hi! I'm Billow's assistant, in demo mode: I answer common questions from your own subscriptions and bills."
      : "Hi! I'm Billow's assistant. Ask me about your subscriptions and bills.",
  });

  async function answer(question: string) {
    history = trimHistory([...history, { role: 'user', content: question }]);
    answering = new AbortController();
    const signal = AbortSignal.any([answering.signal, closed.signal]);
    let text = '';
    try {
      for await (const chunk of model.reply({ history, finances: deps.finances, signal })) {
        if (signal.aborted) return;
        text += chunk;
        send({ type: 'chat_llm_chunk', content: chunk });
      }
      if (signal.aborted) return;
      history = trimHistory([...history, { role: 'assistant', content: text }]);
      send({
        type: 'chat_llm_complete',
        timestamp: deps.clock().toISOString(),
        userId: deps.userId,
        isDemoMode: model.isDemoMode,
        provider: model.provider,
        model: model.model,
      });
    } catch (error) {
      if (signal.aborted) return;
      // The error's own words only: never the question.
      deps.log.error({ err: error, provider: model.provider }, 'chat answer failed');
      send({ type: 'error', content: chatMessages.assistantFailed });
    } finally {
      answering = undefined;
    }
  }

  return {
    /** One frame from the client. */
    receive(raw: string): void {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        send({ type: 'error', content: chatMessages.badFrame });
        return;
      }
      const parsed = chatClientFrame.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const content =
          issue?.message === chatMessages.empty || issue?.message === chatMessages.tooLong
            ? issue.message
            : chatMessages.badFrame;
        send({ type: 'error', content, details: [{ field: 'content', message: content }] });
        return;
      }
      if (answering || isCounting) {
        send({ type: 'error', content: 'Please wait for the current answer to finish.' });
        return;
      }
      isCounting = true;
      void deps.pace.allow(deps.userId).then(
        (isAllowed) => {
          isCounting = false;
          if (closed.signal.aborted) return;
          if (!isAllowed) send({ type: 'error', content: chatMessages.rateLimited });
          else void answer(parsed.data.content);
        },
        (error: unknown) => {
          isCounting = false;
          deps.log.error({ err: error }, 'chat pace could not be counted');
          send({ type: 'error', content: chatMessages.assistantFailed });
        },
      );
    },
    close(): void {
      closed.abort();
    },
  };
}
