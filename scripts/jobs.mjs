/** `npm run jobs`: counts by queue and state, and the failed jobs with their last error. */
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/jobs/jobs-cli.ts');
