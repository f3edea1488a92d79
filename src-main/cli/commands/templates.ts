import type { Template } from '../../../src-shared/domain/service/references'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** `flipdrop templates [--document]`: the templates an item can be made from. */
export const templates: Command = {
  async run(values, _positionals, ctx) {
    const { client } = await ctx.services()
    const items: Template[] = await client.listTemplates(flag(values, 'document') ? 'Document' : 'Flipbook')
    ctx.result({ items }, () => {
      const rows = items.map((template) => [template.id === null ? 'unknown' : String(template.id), text(template.name)])
      return [...(items.length > 0 ? [table(['ID', 'Name'], rows, { width: ctx.tableWidth, cut: [1] }), ''] : []), plural(items.length, 'template')].join('\n')
    })
    return EXIT.ok
  }
}
