import { bridge } from './bridge'
import { afterNextPaint } from './startup/after-paint'

/**
 * Tells main the first view has painted (as the start-up marks see it: after the frame being
 * prepared at mount was drawn, or past the wait of a window that is not drawn), so main's
 * background work starts only then.
 */
export async function tellMainWhenPainted(): Promise<void> {
  await afterNextPaint()
  await bridge().app.painted()
}
