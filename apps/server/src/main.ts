/**
 * Process entry point: `tsx src/main.ts [all|api|worker]`. Reads the configuration, starts the
 * server, prints where to open it, and shuts down gracefully on SIGTERM/SIGINT.
 */
import { ConfigError, loadConfig, type Config } from './config';
import { isDatabaseUnavailable } from './db/unavailable';
import { createLogger } from './http/logger';
import { StartupError, startServer, type RunningServer, type ServerMode } from './server';
import { markStartup, startupTimesReport } from './startup-times';

function parseMode(value: string | undefined): ServerMode {
  if (value === undefined || value === 'all' || value === 'api' || value === 'worker')
    return value ?? 'all';
  process.stderr.write(`Unknown mode "${value}": use all, api or worker.\n`);
  process.exit(2);
}

function banner(config: Config, mode: ServerMode, url: string | undefined): string {
  const lines = [
    '',
    `  Billow is running (${mode === 'all' ? 'API, workers and web app' : mode}).`,
  ];
  if (url) lines.push(`  Open ${url}`);
  lines.push(
    config.databaseUrl
      ? '  Database: PostgreSQL server (DATABASE_URL)'
      : `  Database: embedded PostgreSQL in ${config.dataDir}`,
  );
  if (config.isSandbox && url) {
    lines.push(
      '  Sandbox mode: texts and emails are not sent. Sign-in codes appear in this terminal',
      `  and at ${url}/api/dev/outbox`,
    );
  }
  lines.push('  Stop with Ctrl+C.', '');
  return lines.join('\n');
}

async function main() {
  markStartup('server code loaded');
  const mode = parseMode(process.argv[2]);
  let config: Config;
  try {
    config = loadConfig();
    markStartup('configuration read');
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);

  // Signal handlers go in before anything starts, so Ctrl+C during start-up still shuts down
  // cleanly instead of killing the process with the database open.
  let server: RunningServer | undefined;
  let stopSignal: string | undefined;
  const shutdown = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    if (!server) return; // start-up sees the signal and stops once it can
    server
      .stop()
      .then(() => {
        logger.info('stopped');
        logger.flush();
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  // A promise no one awaits that fails because the database went away (pg-boss completes a batch
  // of jobs that way, after Billow has already stored each job's outcome) is no reason to stop:
  // the work it was part of is retried. Anything else still ends the process, as Node would.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn({ err: reason }, 'the database was unavailable to a background step');
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection');
    logger.flush();
    process.exit(1);
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    server = await startServer(config, mode, logger);
  } catch (error) {
    if (error instanceof StartupError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    logger.fatal({ err: error }, 'Billow failed to start');
    logger.flush();
    process.exit(1);
  }
  if (stopSignal) {
    const signal = stopSignal;
    stopSignal = undefined;
    shutdown(signal);
    return;
  }
  process.stdout.write(`${banner(config, mode, server.url)}\n`);
  if (config.isStartupTimed) process.stderr.write(startupTimesReport());
}

void main();
