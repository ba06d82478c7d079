/**
 * The offline demo model (the default): answers the common questions from the person's own
 * data (demo-answers.ts) and streams the answer a few words at a time, like a real model.
 */
import type { ChatModel } from './chat-model';
import { demoAnswer } from './demo-answers';

const WORDS_PER_CHUNK = 3;

/** The answer cut into chunks of a few words, the spaces kept so the pieces join back exactly. */
function chunksOf(answer: string): string[] {
  const pieces = answer.split(/(?<=\s)/);
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += WORDS_PER_CHUNK) {
    chunks.push(pieces.slice(i, i + WORDS_PER_CHUNK).join(''));
  }
  return chunks;
}

export function createDemoChatModel(): ChatModel {
  return {
    provider: 'Billow',
    model: 'demo',
    isDemoMode: true,
    async *reply({ history, finances, signal }) {
      const question = history.findLast((turn) => turn.role === 'user')?.content ?? '';
      const answer = await demoAnswer(question, finances);
      for (const chunk of chunksOf(answer)) {
        if (signal.aborted) return;
        // A turn of the event loop between chunks, so each goes out as its own frame.
        await new Promise((resolve) => setImmediate(resolve));
        yield chunk;
      }
    },
  };
}
