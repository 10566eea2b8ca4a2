/** Lower-case text without diacritics, so 'cesko' finds 'Česko' in searchable pickers. */
export function searchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}
