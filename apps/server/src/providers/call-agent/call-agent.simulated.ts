/**
 * The simulated call agent (sandbox default): a scripted merchant representative. The script is
 * deterministic per offer (seeded by the offer's key) but varies across offers: the rep
 * authenticates, offers a retention deal, sometimes refuses, sometimes asks for a code. Demo
 * merchants and TEST_MERCHANT always make a deal. Like Plaid's sandbox, a few answers steer it:
 * an answer of 0000 is rejected as wrong, 1111 gets a refusal, 2222 finds the line busy on the
 * first attempt, 3333 gets only a plan change that costs more, 4444 asks for a texted code. A
 * cancellation call follows its own script (simulated-cancellation-script.ts).
 */
import type { CallMessage } from '@billow/contracts';
import { CallAgentError, type CallAgent, type CallOutcome, type CallProgress } from './call-agent';
import { scriptCancellationCall } from './simulated-cancellation-script';
import { scriptCall } from './simulated-script';

export function createSimulatedCallAgent(options: {
  stepMs: number;
  now?: () => number;
}): CallAgent {
  const now = options.now ?? Date.now;
  const pause = () =>
    options.stepMs > 0
      ? new Promise<void>((resolve) => setTimeout(resolve, options.stepMs))
      : Promise.resolve();

  return {
    async startCall(request, report) {
      const script =
        request.purpose?.kind === 'cancellation'
          ? scriptCancellationCall(request)
          : scriptCall(request);
      const startedAt = now();
      const messages: CallMessage[] = [];
      let seconds = 0;
      for (const step of script.steps) {
        await pause();
        await report({ stage: step.stage });
        for (const [role, text] of step.lines) {
          // About three words a second, as people speak on the phone.
          const duration = Math.max(1.2, Math.round((text.split(' ').length / 3) * 10) / 10);
          const message: CallMessage = {
            role,
            message: text,
            time: startedAt + seconds * 1000,
            endTime: startedAt + (seconds + duration) * 1000,
            secondsFromStart: Math.round(seconds * 10) / 10,
            duration,
          };
          seconds += duration + 0.6;
          messages.push(message);
          await report({ stage: step.stage, message } satisfies CallProgress);
        }
      }
      if (script.error)
        throw new CallAgentError(script.error.code, script.error.message, script.error.field);
      const outcome = script.outcome as CallOutcome;
      return {
        ended: {
          outcome,
          record: {
            messages,
            recordingUrl: null,
            transcript: messages
              .map((m) => `${m.role === 'assistant' ? 'AI' : 'User'}: ${m.message}`)
              .join('\n'),
            summary: script.summary,
            structuredData:
              outcome.kind === 'deal'
                ? { ...outcome.result }
                : outcome.kind === 'cancelled'
                  ? { cancelled: true, confirmationNumber: outcome.confirmationNumber }
                  : null,
            successEvaluation:
              (outcome.kind === 'deal' && !outcome.changesPlan) || outcome.kind === 'cancelled'
                ? 'true'
                : 'false',
          },
        },
      };
    },
  };
}
