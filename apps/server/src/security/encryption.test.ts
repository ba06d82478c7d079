import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFieldCipher } from './encryption';

describe(createFieldCipher.name, () => {
  const cipher = createFieldCipher(crypto.randomBytes(32));

  it('round-trips a value and never stores it in the clear', () => {
    const stored = cipher.encrypt('access-sandbox-123');
    expect(stored).not.toContain('access-sandbox-123');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored)).toBe('access-sandbox-123');
  });

  it('gives a different ciphertext each time', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses a tampered value and a value under another key', () => {
    const stored = cipher.encrypt('secret');
    const tampered = stored.slice(0, -2) + (stored.endsWith('A') ? 'BB' : 'AA');
    expect(() => cipher.decrypt(tampered)).toThrow();
    expect(() => createFieldCipher(crypto.randomBytes(32)).decrypt(stored)).toThrow();
  });
});
