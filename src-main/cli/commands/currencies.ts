import type { Currency } from '../../../src-shared/domain/service/references'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** `flipdrop currencies`: the selling currencies sale settings accept. */
export const currencies: Command = {
  name: 'currencies',
  summary: 'List the currencies an item can be sold in.',
  usage: 'currencies [--json]',
  options: {},
  positionals: [0, 0],
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const items: Currency[] = await client.listCurrencies()
    ctx.result({ items }, () => {
      const rows = items.map((currency) => [text(currency.name)])
      return [...(items.length > 0 ? [table(['Name'], rows), ''] : []), plural(items.length, 'currency', 'currencies')].join('\n')
    })
    return EXIT.ok
  }
}
