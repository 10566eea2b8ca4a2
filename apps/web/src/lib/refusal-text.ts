import i18n from 'i18next'

/**
 * One of the API's English reasons for refusing a call, the catalogue key that says it in the reader's
 * language, and the values the key takes from the reason's match (a code, a count, a name).
 */
export type Refusal<K extends string> = readonly [
  RegExp,
  K,
  ((match: RegExpExecArray) => Record<string, string>)?,
]

/** i18next's `t` without its typed keys: the callers' key types name keys of their own namespace `ns`. */
const translate = i18n.t as unknown as (key: string, options: Record<string, string>) => string

/**
 * The first of `texts` (the refusal's field details or message, in the order the screen trusts them) that a
 * known reason matches, said in namespace `ns`; undefined when none is known (the screen then shows its own
 * fallback). Shared by the floor screens that translate the API's scan and pick refusals.
 */
export function refusalText<K extends string>(
  texts: readonly string[],
  ns: string,
  reasons: readonly Refusal<K>[],
): string | undefined {
  for (const text of texts) {
    for (const [pattern, key, values] of reasons) {
      const match = pattern.exec(text)
      if (match) return translate(key, { ns, ...values?.(match) })
    }
  }
  return undefined
}
