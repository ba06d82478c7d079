/** Picks the call agent the configuration names. */
import type { CallAgent } from './call-agent';
import { CallAgentError } from './call-agent';
import type { CallConfig } from './call.config';
import { createSimulatedCallAgent } from './call-agent.simulated';

export function createCallAgent(config: CallConfig): CallAgent {
  if (config.provider === 'simulated') return createSimulatedCallAgent({ stepMs: config.stepMs });
  return {
    startCall: () =>
      Promise.reject(
        new CallAgentError(
          'CONFIGURATION_ERROR',
          'No call agent is configured (CALL_PROVIDER=none).',
        ),
      ),
  };
}
