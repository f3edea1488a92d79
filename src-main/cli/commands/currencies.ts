import type { Currency } from '../../../src-shared/domain/service/references'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** `flipdrop currencies`: the selling currencies sale settings accept. */
export const currencies: Command = {
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const items: Currency[] = await client.listCurrencies()
    ctx.result({ items }, () => {
      const rows = items.map((currency) => [text(currency.name)])
      return [...(items.length > 0 ? [table(['Name'], rows, { width: ctx.tableWidth }), ''] : []), plural(items.length, 'currency', 'currencies')].join('\n')
    })
    return EXIT.ok
  }
}
