/**
 * Joins pieces two at a time until no two join: `union` gives the one piece two make, or null
 * when they stay apart. A joined piece may then join another, so the search starts over.
 */
export function joinPairs<T>(pieces: T[], union: (a: T, b: T) => T | null): T[] {
  let joinedPieces = pieces;
  for (let joined = true; joined;) {
    joined = false;
    for (let i = 0; i < joinedPieces.length && !joined; i++) {
      for (let j = i + 1; j < joinedPieces.length && !joined; j++) {
        const one = union(joinedPieces[i] as T, joinedPieces[j] as T);
        if (!one) continue;
        joinedPieces = [...joinedPieces.filter((_, k) => k !== i && k !== j), one];
        joined = true;
      }
    }
  }
  return joinedPieces;
}
