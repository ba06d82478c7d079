import { merchants } from '@billow/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from './catalog';

describe('the merchant catalogue', () => {
  it('knows every merchant the product names, under the same slug, name and website', () => {
    for (const merchant of merchants) {
      const entry = DEFAULT_CATALOGUE.find((candidate) => candidate.id === merchant.slug);
      expect(entry, merchant.slug).toBeDefined();
      expect({ name: entry!.name, website: entry!.website }).toEqual({
        name: merchant.name,
        website: merchant.website,
      });
    }
  });
});
