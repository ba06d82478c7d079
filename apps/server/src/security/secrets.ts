/**
 * The two keys Billow needs: one signs session tokens and hashes codes, one encrypts sensitive
 * fields at rest. Production takes them from the configuration; the sandbox generates them once
 * into the data folder (mode 0600) so sessions survive restarts without any setup.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

export type Secrets = {
  /** HMAC key for JWTs and code hashes. */
  authSecret: Uint8Array;
  /** 32-byte AES-256-GCM key. */
  encryptionKey: Buffer;
};

type StoredSecrets = { authSecret: string; encryptionKey: string };

function readOrCreate(file: string): StoredSecrets {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  const created: StoredSecrets = {
    authSecret: crypto.randomBytes(48).toString('base64'),
    encryptionKey: crypto.randomBytes(32).toString('base64'),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // 'wx' fails if another process created the file first; then we read theirs.
  try {
    fs.writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600, flag: 'wx' });
    return created;
  } catch {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets;
  }
}

export function loadSecrets(
  config: Pick<Config, 'authSecret' | 'encryptionKey' | 'dataDir'>,
): Secrets {
  const stored =
    config.authSecret && config.encryptionKey
      ? undefined
      : readOrCreate(path.join(config.dataDir, 'secrets.json'));
  return {
    authSecret: new TextEncoder().encode(config.authSecret ?? stored!.authSecret),
    encryptionKey: Buffer.from(config.encryptionKey ?? stored!.encryptionKey, 'base64'),
  };
}
