import { appendFile } from 'node:fs/promises'
import { MESSAGES, errorBody, tooLargeMessage, unknownFieldsMessage } from '../http/envelope'
import { readForm } from '../http/form-body'
import { receiveUpload } from '../http/multipart-upload'
import type { Route, RouteContext } from '../http/route-context'
import { maxFileBytes, type DocType } from '../options'
import type { PdfScan } from '../pdf'
import { discard } from '../state/file-store'
import { shareUrl } from '../state/item-record'
import { acceptPdf, defaultName, newItemDraft, resolveDocType } from './item-helpers'
import { quotaFields } from './quota'

/** What `rewriteStoredPdf` adds after a stored PDF's end. */
const REWRITE_MARK = '\n% stored by the emulator\n'

const FILE_FIELDS = ['File', 'Name', 'Title', 'DocType'] as const
const URL_FIELDS = ['FileURL', 'Name', 'Title', 'DocType'] as const

/** The part both creates share once a file is on disk: quota, PDF check, record, answer (§4.3). */
async function finishCreate(
  ctx: RouteContext,
  input: { tempPath: string; scan: PdfScan; name: string; title: string; docType: DocType }
): Promise<void> {
  const { env } = ctx
  if (env.state.quota(ctx.key, input.docType).left <= 0) {
    await discard(input.tempPath)
    return ctx.ex.error(MESSAGES.quotaFull)
  }
  // A-stored-bytes: normally stored as sent; the option rewrites it (bytes after %%EOF, which readers ignore).
  if (env.options.rewriteStoredPdf) await appendFile(input.tempPath, REWRITE_MARK)
  const accepted = await acceptPdf(env, input.tempPath, input.scan)
  if (!accepted) return ctx.ex.error(MESSAGES.notPdf)
  // Checked again with no await before addItem, so concurrent creates cannot pass the limit.
  if (env.state.quota(ctx.key, input.docType).left <= 0) {
    await discard(env.files.pathOf(accepted.fileId))
    return ctx.ex.error(MESSAGES.quotaFull)
  }
  const item = env.state.addItem(
    newItemDraft({
      owner: ctx.key,
      docType: input.docType,
      name: input.name,
      title: input.title || input.name,
      fileId: accepted.fileId,
      pages: accepted.pages,
      createdMs: env.options.now()
    }),
    ctx.host
  )
  // ID is a string in create answers (§2.6); the quota is the host's, after the operation (§2.4b).
  ctx.ex.ok({
    ID: String(item.id),
    URL: shareUrl(item, env.record),
    ...quotaFields(ctx.docType, env.state.quota(ctx.key, ctx.docType))
  })
}

/** POST /api/create-by-file (multipart, §4.3). */
async function createByFile(ctx: RouteContext): Promise<void> {
  const { env } = ctx
  const outcome = await receiveUpload(ctx.ex.req, {
    fileField: 'File',
    expected: FILE_FIELDS,
    maxFileBytes: maxFileBytes(env.options),
    tempPath: () => env.files.tempPath()
  })
  if (outcome.kind === 'too-large') return ctx.ex.json(413, errorBody(tooLargeMessage(env.options.maxFileMb)))
  if (outcome.kind === 'aborted') return ctx.ex.error('The upload did not complete.')
  if (outcome.kind === 'bad-request') return ctx.ex.error(outcome.message)
  const { fields, file, unknown } = outcome
  const reject = async (message: string): Promise<void> => {
    if (file) await discard(file.tempPath)
    ctx.ex.error(message)
  }
  if (unknown.length > 0) return reject(unknownFieldsMessage(unknown, FILE_FIELDS))
  if (!file) return reject('File is required.')
  const docType = resolveDocType(fields.get('DocType'), ctx.docType)
  if (typeof docType !== 'string') return reject(docType.error)
  const name = (fields.get('Name') ?? '').trim() || defaultName(file.filename)
  await finishCreate(ctx, { tempPath: file.tempPath, scan: file.scan, name, title: (fields.get('Title') ?? '').trim(), docType })
}

/** The decoded path of a URL ('' when it cannot be decoded), to name an item after its file. */
function urlPath(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname)
  } catch {
    return ''
  }
}

/** POST /api/create-by-url (form body, §4.3): the emulator downloads FileURL itself. */
async function createByUrl(ctx: RouteContext): Promise<void> {
  const { env } = ctx
  const form = await readForm(ctx.ex.req, URL_FIELDS, env.options.maxFormKb * 1024)
  if (!form.ok) return ctx.ex.error(form.message)
  const fileUrl = (form.fields.get('FileURL') ?? '').trim()
  if (fileUrl === '') return ctx.ex.error('FileURL is required.')
  const docType = resolveDocType(form.fields.get('DocType'), ctx.docType)
  if (typeof docType !== 'string') return ctx.ex.error(docType.error)
  if (env.state.quota(ctx.key, docType).left <= 0) return ctx.ex.error(MESSAGES.quotaFull)
  const fetched = await env.source.fetch(fileUrl, env.files.tempPath())
  if (fetched.kind === 'error') return ctx.ex.error(fetched.message)
  const name = (form.fields.get('Name') ?? '').trim() || defaultName(urlPath(fileUrl))
  await finishCreate(ctx, { tempPath: fetched.tempPath, scan: fetched.scan, name, title: (form.fields.get('Title') ?? '').trim(), docType })
}

/** The two create operations (§4.3). */
export const createRoutes: Route[] = [
  { method: 'POST', path: '/api/create-by-file', handler: createByFile },
  { method: 'POST', path: '/api/create-by-url', handler: createByUrl }
]
