import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe(loadConfig.name, () => {
  it('starts on the embedded sandbox defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      appEnv: 'sandbox',
      isSandbox: true,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      logFormat: 'pretty',
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('names every bad key in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', APP_ENV: 'staging', DATABASE_URL: 'mysql://x' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('APP_ENV');
    expect(message).toContain('DATABASE_URL: Must be a postgres:// connection string');
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('logs as JSON in production unless told otherwise', () => {
    expect(loadConfig({ APP_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ APP_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });
});
