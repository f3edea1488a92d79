/*
 * Text from the service (item names, folders, messages) or from files is shown as text, never
 * run by the terminal: an escape sequence in a name must not clear the screen or retitle the
 * window. Control characters become visible (caret notation, like `cat -v`).
 */

// C0 controls, DEL, C1 controls, and the bidirectional overrides that reorder what follows.
// eslint-disable-next-line no-control-regex -- finding control characters is this file's whole job
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu

function visible(char: string): string {
  const code = char.codePointAt(0) ?? 0
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`
  if (code === 0x7f) return '^?'
  return '\ufffd'
}

/** One line of text as the terminal should show it: every control character made visible. */
export function printable(text: string): string {
  return text.replace(CONTROL, visible)
}

/** Several lines: line breaks are kept, every other control character made visible. */
export function printableLines(text: string): string {
  return text
    .split('\n')
    .map(printable)
    .join('\n')
}

// JSON.stringify escapes C0 controls itself; these it leaves raw, and a terminal may act on them.
const RAW_IN_JSON = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu

/** JSON text with every character a terminal could act on written as a \uXXXX escape (the same value). */
export function terminalSafeJson(json: string): string {
  return json.replace(RAW_IN_JSON, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`)
}
