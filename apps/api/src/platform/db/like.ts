/** A LIKE/ILIKE pattern matching `term` anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[%_\\]/g, '\\$&')}%`
