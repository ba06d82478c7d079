/**
 * How a person's name shows in the header and the profile: initials for the avatar
 * (docs/dashboard.md, "Header": first letters of the name, at most 2) and the first name for the
 * greeting.
 */
function nameParts(name: string | null | undefined): string[] {
  return (name ?? '').trim().split(/\s+/).filter(Boolean);
}

/**
 * 'Ada Lovelace' → 'AL', 'Ada King Lovelace' → 'AK', 'Cher' → 'C', '' → ''. Only words that hold
 * a letter count, and each gives its first letter: an emoji or a bracket is not an initial
 * ('Christopher 🦄 Morgan-Ng' → 'CM').
 */
export function initialsOf(name: string | null | undefined): string {
  return nameParts(name)
    .map((part) => /\p{L}/u.exec(part)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .slice(0, 2)
    .map((letter) => letter.toLocaleUpperCase())
    .join('');
}

export function firstNameOf(name: string | null | undefined): string | undefined {
  return nameParts(name)[0];
}
