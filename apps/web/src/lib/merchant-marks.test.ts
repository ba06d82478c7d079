import { describe, expect, it } from 'vitest';
import { merchantIconFiles, writtenIconFiles } from '../../build/merchant-icons';
import { marks, merchantMarkOf } from './merchant-marks';

describe('merchant marks', () => {
  it('ships public/logos/ exactly as build/merchant-icons.ts writes it (else run it)', () => {
    expect([...writtenIconFiles()]).toEqual(
      [...merchantIconFiles()].sort(([a], [b]) => (a < b ? -1 : 1)),
    );
  });

  it('gives every merchant with a Simple Icons mark its served file, and the rest none', () => {
    const files = writtenIconFiles();
    for (const [domain, , , , slug] of marks) {
      const mark = merchantMarkOf(`https://www.${domain}/account`);
      if (slug) {
        expect(mark?.icon).toBe(`/logos/${domain}.svg`);
        expect(files.has(`${domain}.svg`)).toBe(true);
      } else expect(mark?.icon).toBeUndefined();
    }
  });
});
