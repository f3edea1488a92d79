import { bridge } from './bridge'

/**
 * Tells main the first view has painted (two animation frames after mount: the first runs
 * before that paint, the second after it), so main's background work starts only then.
 */
export function tellMainWhenPainted(): void {
  requestAnimationFrame(() => requestAnimationFrame(() => void bridge().app.painted()))
}
