import { describe, expect, it } from 'vitest';
import { firstNameOf, initialsOf } from './person-name';

describe(initialsOf.name, () => {
  it('takes the first letters of the first two names', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('ada king lovelace')).toBe('AK');
  });

  it('gives one letter for a single name', () => {
    expect(initialsOf('Cher')).toBe('C');
  });

  it('takes letters only, skipping emoji and punctuation', () => {
    expect(initialsOf('Christopher 🦄 Morgan-Ng')).toBe('CM');
    expect(initialsOf('(Ada) Lovelace')).toBe('AL');
    expect(initialsOf('🦄')).toBe('');
  });

  it('gives nothing when there is no name', () => {
    expect(initialsOf(null)).toBe('');
    expect(initialsOf('   ')).toBe('');
  });
});

describe(firstNameOf.name, () => {
  it('greets by the first word of the name, ignoring extra spaces', () => {
    expect(firstNameOf('  Grace   Hopper ')).toBe('Grace');
    expect(firstNameOf(null)).toBeUndefined();
  });
});
