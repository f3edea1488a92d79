import type { Template } from '../../../src-shared/domain/service/references'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** `flipdrop templates [--document]`: the templates an item can be made from. */
export const templates: Command = {
  name: 'templates',
  summary: 'List the templates for flipbooks (or documents with --document).',
  usage: 'templates [--document] [--json]',
  options: { document: { type: 'boolean' } },
  positionals: [0, 0],
  async run(values, _positionals, ctx) {
    const { client } = await ctx.services()
    const items: Template[] = await client.listTemplates(flag(values, 'document') ? 'Document' : 'Flipbook')
    ctx.result({ items }, () => {
      const rows = items.map((template) => [template.id === null ? 'unknown' : String(template.id), text(template.name)])
      return [...(items.length > 0 ? [table(['ID', 'Name'], rows), ''] : []), plural(items.length, 'template')].join('\n')
    })
    return EXIT.ok
  }
}
