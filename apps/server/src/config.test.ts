import { describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env';
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

  it('requires VAPID keys for web push in production, both or neither', () => {
    const {
      VAPID_PUBLIC_KEY: _public,
      VAPID_PRIVATE_KEY: _private,
      ...withoutKeys
    } = productionEnv;
    expect(() => loadConfig(withoutKeys)).toThrow(
      'VAPID_PUBLIC_KEY: Required when APP_ENV=production',
    );
    expect(() =>
      loadConfig({ ...withoutKeys, VAPID_PUBLIC_KEY: productionEnv.VAPID_PUBLIC_KEY }),
    ).toThrow('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
    expect(loadConfig(productionEnv).push).toMatchObject({ provider: 'webpush' });
  });

  it('logs as JSON in production unless told otherwise', () => {
    expect(loadConfig(productionEnv).logFormat).toBe('json');
    expect(loadConfig({ ...productionEnv, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('refuses weak keys, Plaid sandbox and an http:// PUBLIC_URL in production, naming each', () => {
    try {
      loadConfig({
        ...productionEnv,
        AUTH_SECRET: 'a'.repeat(32),
        ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
        PLAID_ENV: 'sandbox',
        PUBLIC_URL: 'http://billow.example',
      });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'PLAID_ENV: "sandbox" is Plaid\'s test environment, refused when APP_ENV=production; use production',
        'AUTH_SECRET: Too weak (repeated or too few different characters); use a random value (openssl rand -base64 48)',
        'ENCRYPTION_KEY: Too weak (repeated or too few different bytes); use a random key (openssl rand -base64 32)',
        'PUBLIC_URL: Must be the https:// address people and webhooks reach Billow at when APP_ENV=production',
      ]);
    }
    for (const weak of ['abababababababababababababababab', '0123456701234567012345670123456701']) {
      expect(() => loadConfig({ ...productionEnv, AUTH_SECRET: weak }), weak).toThrow(ConfigError);
    }
    expect(loadConfig(productionEnv).appEnv).toBe('production');
  });

  it('refuses sandbox providers and generated keys in production, naming each', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ APP_ENV: 'production' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'SMS_PROVIDER: "outbox" is a sandbox provider, refused when APP_ENV=production; use twilio',
        'PUSH_PROVIDER: "outbox" is a sandbox provider, refused when APP_ENV=production; use webpush',
        'EMAIL_PROVIDER: "outbox" is a sandbox provider, refused when APP_ENV=production; use smtp',
        'BANK_PROVIDER: "sandbox" is a sandbox provider, refused when APP_ENV=production; use plaid',
        'CALL_PROVIDER: "simulated" is a sandbox provider, refused when APP_ENV=production; use vapi (or none)',
        'PAYMENT_PROVIDER: "sandbox" is a sandbox provider, refused when APP_ENV=production; use plaid',
        'AUTH_SECRET: Required when APP_ENV=production',
        'ENCRYPTION_KEY: Required when APP_ENV=production',
        'PUBLIC_URL: Must be the https:// address people and webhooks reach Billow at when APP_ENV=production',
      ]);
    }
  });

  it('asks for every Vapi key when CALL_PROVIDER=vapi, and points its webhook at PUBLIC_URL', () => {
    try {
      loadConfig({ CALL_PROVIDER: 'vapi' });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'VAPI_API_KEY: Required when CALL_PROVIDER=vapi',
        'VAPI_PHONE_NUMBER_ID: Required when CALL_PROVIDER=vapi',
        'VAPI_WEBHOOK_SECRET: Required when CALL_PROVIDER=vapi',
      ]);
    }
    const config = loadConfig({
      CALL_PROVIDER: 'vapi',
      VAPI_API_KEY: 'vapi-key-0123456789',
      VAPI_PHONE_NUMBER_ID: 'pn-1',
      VAPI_WEBHOOK_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://billow.example/',
    });
    expect(config.call).toMatchObject({
      provider: 'vapi',
      webhookUrl: 'https://billow.example/api/vapi/webhook',
    });
  });

  it('trusts no proxy unless told which, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(productionEnv).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: Must be a hop count/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/40' })).toThrow(/TRUST_PROXY/);
  });

  it('texts codes to US numbers only, within an hourly budget, unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      smsAllowedCountries: ['US'],
      smsBudgetPerHour: 1000,
      smsMaxPerAddressPerHour: 20,
      otpVerifyLimitPerPhonePerMinute: 10,
    });
    expect(loadConfig({ SMS_ALLOWED_COUNTRIES: 'us, ca' }).smsAllowedCountries).toEqual([
      'US',
      'CA',
    ]);
    expect(() => loadConfig({ SMS_ALLOWED_COUNTRIES: 'USA' })).toThrow(
      /SMS_ALLOWED_COUNTRIES: Must be two-letter country codes/,
    );
  });

  it('asks for the credentials a real provider needs', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID: Required when SMS_PROVIDER=twilio/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(
      /SMTP_URL: Required when EMAIL_PROVIDER=smtp/,
    );
  });
});

describe('content security policy', () => {
  it('lets the web app reach extra origins only when configured', async () => {
    const { contentSecurityPolicy } = await import('./app');
    const plain = contentSecurityPolicy(loadConfig({}));
    expect(plain.directives.connectSrc).toEqual(["'self'"]);
    const withPostHog = contentSecurityPolicy(
      loadConfig({ CSP_EXTRA_ORIGINS: 'https://us.i.posthog.com' }),
    );
    expect(withPostHog.directives.connectSrc).toEqual(["'self'", 'https://us.i.posthog.com']);
    expect(withPostHog.directives.scriptSrc).toContain('https://us.i.posthog.com');
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: 'http://insecure.example' })).toThrow(
      /CSP_EXTRA_ORIGINS/,
    );
  });
});

describe('production senders', () => {
  it('refuses the sandbox’s email sender and push contact, which real services refuse', () => {
    const { EMAIL_FROM: _from, VAPID_SUBJECT: _subject, ...defaults } = productionEnv;
    expect(() => loadConfig(defaults)).toThrow(/EMAIL_FROM: set a sender your mail relay accepts/);
    expect(() => loadConfig(defaults)).toThrow(
      /VAPID_SUBJECT: set a mailto: or https:\/\/ address/,
    );
    expect(() => loadConfig(productionEnv)).not.toThrow();
  });
});

describe('Plaid settings', () => {
  const plaid = {
    BANK_PROVIDER: 'plaid',
    PLAID_CLIENT_ID: 'client-id-0123',
    PLAID_SECRET: 'secret-0123456789',
  };

  it('sends Plaid an OAuth return address only when one is registered', () => {
    expect(loadConfig(plaid).bank).not.toHaveProperty('redirectUri', expect.anything());
    expect(
      loadConfig({ ...plaid, PLAID_REDIRECT_URI: 'http://localhost:3000/plaid-oauth' }).bank,
    ).toMatchObject({ redirectUri: 'http://localhost:3000/plaid-oauth' });
  });

  it('refuses an OAuth return address Plaid production would refuse', () => {
    const production = { ...plaid, PLAID_ENV: 'production', PUBLIC_URL: 'https://bills.example' };
    expect(() =>
      loadConfig({ ...production, PLAID_REDIRECT_URI: 'http://bills.example/plaid-oauth' }),
    ).toThrow('PLAID_REDIRECT_URI: Plaid production accepts only an https:// address');
    expect(
      loadConfig({ ...production, PLAID_REDIRECT_URI: 'https://bills.example/plaid-oauth' }).bank,
    ).toMatchObject({ redirectUri: 'https://bills.example/plaid-oauth' });
  });

  it('says whether the payment provider comes with a stock of gift cards: only the sandbox does', () => {
    expect(loadConfig({}).payment).toMatchObject({ hasSandboxGiftCards: true });
    expect(loadConfig({ ...plaid, PAYMENT_PROVIDER: 'plaid' }).payment).toMatchObject({
      hasSandboxGiftCards: false,
    });
  });
});
