import { MESSAGES, errorBody, tooLargeMessage, unknownFieldsMessage } from '../http/envelope'
import { readForm } from '../http/form-body'
import { receiveUpload } from '../http/multipart-upload'
import type { Route, RouteContext } from '../http/route-context'
import { maxFileBytes } from '../options'
import { discard } from '../state/file-store'
import { shareUrl } from '../state/item-record'
import type { StoredItem } from '../state/types'
import { acceptPdf, parseItemId } from './item-helpers'
import { setMainPdf } from './wrap'

const REPLACED = 'PDF replaced successfully.'

function ownedFromPath(ctx: RouteContext): StoredItem | undefined {
  const id = parseItemId(ctx.params['flipbookId'])
  return id === undefined ? undefined : ctx.env.state.ownedItem(ctx.key, ctx.host, id)
}

/**
 * POST /api/duplicate/{flipbookId} with `Count` (§4.5): Count is clamped to 1..duplicateMax
 * (the spec states both 20 and 500, so the bound is an option); each copy gets a new ID (a
 * string in the answer) and its own share URL.
 */
async function duplicate(ctx: RouteContext): Promise<void> {
  const { env } = ctx
  const form = await readForm(ctx.ex.req, ['Count'], env.options.maxFormKb * 1024)
  if (!form.ok) return ctx.ex.error(form.message)
  const source = ownedFromPath(ctx)
  if (!source) return ctx.ex.error(MESSAGES.notFound)
  const raw = (form.fields.get('Count') ?? '').trim()
  if (raw !== '' && !/^-?\d+$/.test(raw)) return ctx.ex.error('Count must be a number.')
  const requested = raw === '' ? 1 : Number(raw)
  const count = Math.min(Math.max(requested, 1), env.options.duplicateMax)
  if (env.state.quota(ctx.key, source.docType).left < count) return ctx.ex.error(MESSAGES.quotaFull)
  const copies = Array.from({ length: count }, (_, i) => {
    const { id: _id, slug: _slug, ...rest } = source
    return env.state.addItem({
      ...rest,
      name: count === 1 ? `${source.name} (Copy)` : `${source.name} (Copy ${String(i + 1)})`,
      createdMs: env.options.now(),
      isStarred: false,
      isTemplate: false,
      views: 0,
      leads: 0,
      sales: 0,
      approvals: 0,
      settings: { ...source.settings }
    }, ctx.host)
  })
  ctx.ex.ok({ Count: copies.length, Items: copies.map((c) => ({ ID: String(c.id), URL: shareUrl(c, env.record) })) })
}

/** PUT /api/replace-pdf/{flipbookId} (multipart `File`, §4.5): keeps ID, settings and link. */
async function replacePdf(ctx: RouteContext): Promise<void> {
  const { env } = ctx
  const outcome = await receiveUpload(ctx.ex.req, {
    fileField: 'File',
    expected: ['File'],
    maxFileBytes: maxFileBytes(env.options),
    tempPath: () => env.files.tempPath()
  })
  if (outcome.kind === 'too-large') return ctx.ex.json(413, errorBody(tooLargeMessage(env.options.maxFileMb)))
  if (outcome.kind === 'aborted') return ctx.ex.error('The upload did not complete.')
  if (outcome.kind === 'bad-request') return ctx.ex.error(outcome.message)
  const { file, unknown } = outcome
  const reject = async (message: string): Promise<void> => {
    if (file) await discard(file.tempPath)
    ctx.ex.error(message)
  }
  if (unknown.length > 0) return reject(unknownFieldsMessage(unknown, ['File']))
  const item = ownedFromPath(ctx)
  if (!item) return reject(MESSAGES.notFound)
  if (!file) return reject('File is required.')
  const accepted = await acceptPdf(env, file.tempPath, file.scan)
  if (!accepted) return ctx.ex.error(MESSAGES.notPdf)
  await setMainPdf(env, item, accepted.fileId, accepted.pages)
  ctx.ex.ok({ Message: REPLACED })
}

/** PUT /api/replace-pdf-by-url/{flipbookId} (form `FileURL`, §4.5): downloads like create-by-url. */
async function replacePdfByUrl(ctx: RouteContext): Promise<void> {
  const { env } = ctx
  const form = await readForm(ctx.ex.req, ['FileURL'], env.options.maxFormKb * 1024)
  if (!form.ok) return ctx.ex.error(form.message)
  const item = ownedFromPath(ctx)
  if (!item) return ctx.ex.error(MESSAGES.notFound)
  const fileUrl = (form.fields.get('FileURL') ?? '').trim()
  if (fileUrl === '') return ctx.ex.error('FileURL is required.')
  const fetched = await env.source.fetch(fileUrl, env.files.tempPath())
  if (fetched.kind === 'error') return ctx.ex.error(fetched.message)
  const accepted = await acceptPdf(env, fetched.tempPath, fetched.scan)
  if (!accepted) return ctx.ex.error(MESSAGES.notPdf)
  await setMainPdf(env, item, accepted.fileId, accepted.pages)
  ctx.ex.ok({ Message: REPLACED })
}

/** Modifying operations (§4.5). */
export const modifyRoutes: Route[] = [
  { method: 'POST', path: '/api/duplicate/:flipbookId', handler: duplicate },
  { method: 'PUT', path: '/api/replace-pdf/:flipbookId', handler: replacePdf },
  { method: 'PUT', path: '/api/replace-pdf-by-url/:flipbookId', handler: replacePdfByUrl }
]
