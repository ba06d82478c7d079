/**
 * Every background job Billow declares (spec part 2 "Background job catalogue"), and the
 * handlers that run them. Feature modules add their jobs here as they arrive; a worker refuses
 * to start when a declared job has no handler.
 */
import { defineJobs, type JobHandlers } from './job-map';

export const jobMap = defineJobs({});

export type AppJobMap = typeof jobMap;

export function createJobHandlers(): JobHandlers<AppJobMap> {
  return {};
}
