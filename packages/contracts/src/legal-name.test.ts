import { describe, expect, it } from 'vitest';
import { legalNameMessages, legalNameProblem } from './legal-name';
import { updateProfileInfoBody } from './users';

describe(legalNameProblem.name, () => {
  it.each([
    'Jane Doe',
    'Christopher Morgan-Ng',
    "Seán O'Brien",
    'Seán O’Brien',
    'Martin Luther King Jr.',
    'Zoë Åkesson',
    '李小龙',
    'Björk',
    'Nguyễn Văn An',
    'José María de la Cruz',
    'Александр Пушкин',
  ])('accepts %s', (name) => {
    expect(legalNameProblem(name)).toBeNull();
  });

  it.each(['', 'J', '.', '-'])('asks for the full name for %j', (name) => {
    expect(legalNameProblem(name)).toBe(legalNameMessages.missing);
  });

  it.each(['Christopher 🦄 Morgan-Ng', 'Jane Doe 2', 'Jane_Doe', 'Jane <b>Doe</b>', '-Jane'])(
    'refuses %s',
    (name) => {
      expect(legalNameProblem(name)).toBe(legalNameMessages.invalidCharacters);
    },
  );

  it('is the rule the profile update enforces', () => {
    expect(updateProfileInfoBody.safeParse({ user_legal_name: '  Jane Doe ' }).data).toEqual({
      user_legal_name: 'Jane Doe',
    });
    const refused = updateProfileInfoBody.safeParse({ user_legal_name: 'Christopher 🦄 Ng' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['user_legal_name'],
      message: legalNameMessages.invalidCharacters,
    });
    expect(updateProfileInfoBody.safeParse({ user_legal_name: 'J' }).success).toBe(false);
  });
});
