/** How many tints a skin without a thumbnail can get (account.css: .skin-tint-0 … -5). */
export const SKIN_TINTS = 6

/** The tint of a skin's card, from its name: the same skin looks the same every time, neighbours mostly differ. */
export function skinTint(name: string): number {
  let hash = 0
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0
  return hash % SKIN_TINTS
}
