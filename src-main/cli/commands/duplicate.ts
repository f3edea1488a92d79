import { describeFailure } from '../cli-error'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { grouped, plural } from '../output/format'
import { findItemId, notFound } from './find-item'
import { intOption } from './int-option'
import { itemDocType, itemRefKind } from './item-ref'

/** The service clamps Count to 1..500 (§4.5); the client sends it in batches it accepts. */
const MAX_COPIES = 500

/** `flipdrop duplicate <id|url|slug> [--id | --slug] [--count N]`: server-side copies, each with its own link. */
export const duplicate: Command = {
  async run(values, positionals, ctx) {
    const count = intOption(values, 'count', { min: 1, max: MAX_COPIES }, 1)
    const reference = positionals[0] ?? ''
    const docType = itemDocType(values)
    const id = await findItemId(reference, itemRefKind(values, reference), ctx, docType)
    const { client } = await ctx.services()
    const { created, failure } = await client.duplicate(id, count, docType)
    // Copies that exist are always reported, also when a later batch failed: they are real items.
    const problem = failure ? describeFailure(notFound(reference.trim(), failure)) : null
    ctx.result({ created: created.map((copy) => ({ id: copy.id, url: copy.url })), error: problem?.message ?? null }, () => {
      const lines = created.length > 0 ? [table(['ID', 'Link'], created.map((copy) => [String(copy.id), copy.url]), { width: ctx.tableWidth }), ''] : []
      if (!problem) lines.push(`Made ${plural(created.length, 'copy', 'copies')} of item ${id}.`)
      else if (created.length > 0) lines.push(`Made ${grouped(created.length)} of ${plural(count, 'copy', 'copies')} of item ${id}; the other ${grouped(count - created.length)} were not made.`)
      else lines.push(`No copies of item ${id} were made.`)
      return lines.join('\n')
    })
    if (problem) {
      // Why it stopped goes to stderr, as every command's failures do.
      ctx.warn(`flipdrop duplicate: ${problem.message}`)
      return problem.exitCode
    }
    return EXIT.ok
  }
}
