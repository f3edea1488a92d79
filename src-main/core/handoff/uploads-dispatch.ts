import type { HandlersOf } from '../area-handlers'
import { createContractDispatch } from '../contract-dispatch'
import type { Logger } from '../log'
import type { HandoffDispatch } from './handoff-server'

/** The areas a second `flipdrop` may reach over the hand-off: the queue, links and hot folders, and readers' numbers (`stats`). */
export type HandoffArea = 'uploads' | 'links' | 'readers'

const HANDOFF_AREAS: readonly HandoffArea[] = ['uploads', 'links', 'readers']

/**
 * What the hand-off server answers with: the one contract dispatcher, limited to the areas
 * another `flipdrop` may reach. Anything else is refused in words for that other command.
 */
export function createHandoffDispatch(handlers: { [N in HandoffArea]: HandlersOf<N> }, log: Logger): HandoffDispatch {
  return createContractDispatch({
    areas: HANDOFF_AREAS,
    handlersOf: (area) => handlers[area],
    unknownChannel: (channel) => `FlipDrop has no action named "${channel}" for other commands.`,
    log,
    origin: 'handed over'
  })
}
