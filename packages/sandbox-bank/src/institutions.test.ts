import { describe, expect, it } from 'vitest';
import { findInstitution, sandboxInstitutions, searchInstitutions } from './institutions';

describe('sandbox institutions', () => {
  it('offers a dozen US banks and card issuers with unique ids and local logo domains', () => {
    expect(sandboxInstitutions).toHaveLength(12);
    expect(new Set(sandboxInstitutions.map((i) => i.institution_id)).size).toBe(12);
    for (const institution of sandboxInstitutions) {
      expect(institution.institution_id).toMatch(/^ins_sbx_[a-z_]+$/);
      expect(institution.domain).toMatch(/^[a-z]+\.(com|org)$/);
      expect(institution.primaryColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(institution.products).toEqual(['transactions']);
    }
    expect(sandboxInstitutions.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'Chase',
        'Bank of America',
        'Wells Fargo',
        'Citi',
        'Capital One',
        'U.S. Bank',
        'PNC',
        'TD Bank',
        'Ally Bank',
        'American Express',
        'Discover',
        'Navy Federal Credit Union',
      ]),
    );
  });

  it('sends exactly one institution through OAuth and asks exactly one for an MFA code', () => {
    expect(sandboxInstitutions.filter((i) => i.oauth).map((i) => i.name)).toEqual(['Chase']);
    expect(sandboxInstitutions.filter((i) => i.mfa).map((i) => i.name)).toEqual([
      'Navy Federal Credit Union',
    ]);
  });

  it('finds an institution by id, and nothing for an unknown id', () => {
    expect(findInstitution('ins_sbx_chase')?.domain).toBe('chase.com');
    expect(findInstitution('ins_3')).toBeUndefined();
  });

  it('searches names case-insensitively, best matches first', () => {
    expect(searchInstitutions('CHASE').map((i) => i.name)).toEqual(['Chase']);
    expect(searchInstitutions('bank')[0]?.name).toBe('Bank of America');
    expect(searchInstitutions('bank').map((i) => i.name)).toEqual(
      expect.arrayContaining(['U.S. Bank', 'TD Bank', 'Ally Bank']),
    );
    expect(searchInstitutions('cap').map((i) => i.name)).toEqual(['Capital One']);
    expect(searchInstitutions('fed')[0]?.name).toBe('Navy Federal Credit Union');
  });

  it('understands the names people type for a bank', () => {
    expect(searchInstitutions('amex')[0]?.name).toBe('American Express');
    expect(searchInstitutions('BofA')[0]?.name).toBe('Bank of America');
    expect(searchInstitutions('us bank')[0]?.name).toBe('U.S. Bank');
  });

  it('lists everything for an empty query and nothing for a bank it does not know', () => {
    expect(searchInstitutions('  ')).toHaveLength(12);
    expect(searchInstitutions('first platypus')).toEqual([]);
  });
});
