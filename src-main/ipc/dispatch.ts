import { contract, type AppContract } from '../../src-shared/contract'
import { createContractDispatch, type ContractDispatch } from '../core/contract-dispatch'
import type { Logger } from '../core/log'
import type { HandlerSource } from './handler-table'

/** Runs one invoke: raw input in, envelope out. Never throws. */
export type Dispatch = ContractDispatch

/** The renderer may reach every area of the contract. */
const EVERY_AREA = Object.keys(contract) as (keyof AppContract)[]

/**
 * The renderer's door to the core: every contract area, each area's handlers found when a
 * call comes (the core may still be starting), through the one contract dispatcher.
 */
export function createDispatch(handlers: HandlerSource, log: Logger): Dispatch {
  return createContractDispatch({
    areas: EVERY_AREA,
    handlersOf: handlers,
    unknownChannel: (channel) => `FlipDrop has no action named "${channel}".`,
    log
  })
}
