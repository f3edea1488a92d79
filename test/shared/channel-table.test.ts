import { expect, it } from 'vitest'
import { contract } from '../../src-shared/contract'
import { CHANNEL_TABLE } from '../../src-shared/contract/channel-table'

/** The preload's table of channels (no schemas) names every channel of the contract, as the contract names it. */
it('has every area and method of the contract, each with its kind and channel name', () => {
  const fromContract = Object.fromEntries(
    Object.entries(contract).map(([area, methods]) => [
      area,
      Object.fromEntries(Object.entries(methods).map(([name, spec]) => [name, { kind: spec.kind, channel: spec.channel }]))
    ])
  )
  expect(CHANNEL_TABLE).toEqual(fromContract)
})
