/** Picks the call agent the configuration names. */
import type { CallAgent } from './call-agent';
import { CallAgentError } from './call-agent';
import type { CallConfig } from './call.config';
import { createSimulatedCallAgent } from './call-agent.simulated';
import { createVapiCallAgent } from './call-agent.vapi';

export function createCallAgent(config: CallConfig): CallAgent {
  if (config.provider === 'simulated') return createSimulatedCallAgent({ stepMs: config.stepMs });
  if (config.provider === 'vapi') return createVapiCallAgent(config);
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
