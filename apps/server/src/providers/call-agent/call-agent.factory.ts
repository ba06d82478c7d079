/** Picks the call agent the configuration names; Vapi's SDK is loaded only when it is named. */
import type { CallAgent } from './call-agent';
import { CallAgentError } from './call-agent';
import type { CallConfig } from './call.config';
import { createSimulatedCallAgent } from './call-agent.simulated';

export async function createCallAgent(config: CallConfig): Promise<CallAgent> {
  if (config.provider === 'simulated') return createSimulatedCallAgent({ stepMs: config.stepMs });
  if (config.provider === 'vapi') {
    const { createVapiCallAgent } = await import('./call-agent.vapi');
    return createVapiCallAgent(config);
  }
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
