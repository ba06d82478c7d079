import { describe, expect, it } from 'vitest';
import { findInstitution, searchInstitutions } from './institutions';

describe('sandbox institutions', () => {
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
