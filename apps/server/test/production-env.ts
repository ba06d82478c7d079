/** A complete production configuration with real (fake-credentialed) providers. */
export const productionEnv = {
  APP_ENV: 'production',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token-123',
  TWILIO_FROM_NUMBER: '+15555550199',
  PUSH_PROVIDER: 'webpush',
  // A key pair made for tests only (web-push's generateVAPIDKeys).
  VAPID_PUBLIC_KEY:
    'BHFkMzi2xnHItP3sxkjTGXnPsEB_7mdA1Tl671quV3dC4jIvfrWV94E1e98T1P1bA7_IOhUWL0mklyGdDajRjME',
  VAPID_PRIVATE_KEY: 'SW3x7nyXTN9vv_lLShylXpc7EDgDcdFCdsbmYWdiEps',
  VAPID_SUBJECT: 'mailto:ops@example.com',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  EMAIL_FROM: 'Billow <no-reply@bills.example.com>',
  BANK_PROVIDER: 'plaid',
  PAYMENT_PROVIDER: 'plaid',
  CALL_PROVIDER: 'none',
  PLAID_CLIENT_ID: 'plaid-client-id-123',
  PLAID_SECRET: 'plaid-secret-123456',
  PLAID_ENV: 'production',
  PUBLIC_URL: 'https://billow.example',
  // Made for tests only (openssl rand): production refuses keys of repeated characters.
  AUTH_SECRET: 'q3Xv9LmT2pR8sKd5wYc1ZbN7hJf4gE6u',
  ENCRYPTION_KEY: 'p0kUjZ8y3vQe1sN9bR4tW7xL2cM5dH6fA8gJ3kP1qS4=',
};
