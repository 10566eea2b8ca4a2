/** The catalogue chunks of one language (lib/i18n.ts loads this map only for the languages in use). */
export const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/cs/*.json')
