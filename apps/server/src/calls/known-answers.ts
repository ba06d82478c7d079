/**
 * What Billow already knows for a field a merchant asks about before it talks (the person's name,
 * email, phone, gender), so neither a negotiation nor a cancellation asks for it again.
 */
import type { RequiredUserInfoField } from '@billow/contracts';

export type KnownPerson = {
  legalName: string | null;
  email: string | null;
  phoneNumber: string;
  gender: string | null;
};

function knownAnswer(person: KnownPerson, field: RequiredUserInfoField): string | null {
  if (field === 'name_on_account') return person.legalName;
  if (field === 'email') return person.email;
  if (field === 'phone_number') return person.phoneNumber;
  if (field === 'gender') return person.gender;
  return null;
}

/** The merchant's asks (field → prompt) that the person still has to answer. */
export function stillToAsk(
  person: KnownPerson,
  asked: Partial<Record<RequiredUserInfoField, string>>,
): Partial<Record<RequiredUserInfoField, string>> {
  return Object.fromEntries(
    Object.entries(asked).filter(([field]) => !knownAnswer(person, field as RequiredUserInfoField)),
  );
}
