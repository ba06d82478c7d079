/**
 * How a person's name shows in the header and the profile: initials for the avatar (spec
 * part 1 §9: first letters of the name, at most 2) and the first name for the greeting.
 */
function nameParts(name: string | null | undefined): string[] {
  return (name ?? '').trim().split(/\s+/).filter(Boolean);
}

/** 'Ada Lovelace' → 'AL', 'Ada King Lovelace' → 'AK', 'Cher' → 'C', '' → ''. */
export function initialsOf(name: string | null | undefined): string {
  return (
    nameParts(name)
      .slice(0, 2)
      // Array.from keeps a letter outside the BMP (e.g. an emoji or a CJK extension) whole.
      .map((part) => Array.from(part)[0]!.toLocaleUpperCase())
      .join('')
  );
}

export function firstNameOf(name: string | null | undefined): string | undefined {
  return nameParts(name)[0];
}
