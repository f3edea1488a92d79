import { stat } from 'node:fs/promises'
import { AppError } from '../../../../src-shared/contract/errors'
import type { DocType, NewItem } from '../../../../src-shared/domain/service/item'
import type { Quota } from '../../../../src-shared/domain/service/quota'
import { hostFor, type ApiContext, type Host } from '../api-context'
import { uploadAnswerTimeout } from '../client-timeouts'
import type { Payload } from '../http/read-answer'
import { createMultipartUpload, type UploadOptions } from '../multipart-upload'
import { toNewItem, toNewItems } from '../normalize/item'
import { readQuota } from '../normalize/quota'
import { ServiceError, explain } from '../service-error'

/** What to publish: the PDF's name and title on the service, and what kind of item to make. */
export interface PublishFields {
  name: string
  title: string
  docType: DocType
}

export interface Created extends NewItem {
  quota: Quota | null
}

/** What a duplicate made: every copy that exists, and why it stopped early, if it did. */
export interface DuplicateOutcome {
  created: NewItem[]
  failure: ServiceError | null
}

/** Largest Count one duplicate call accepts before the service clamps it. */
const MAX_DUPLICATES = 500

function messageOf(payload: Payload, fallback: string): string {
  return typeof payload['Message'] === 'string' && payload['Message'] ? payload['Message'] : fallback
}

/**
 * Creating and changing items (service-api.md §4.3, §4.5). None of these are retried here:
 * the service has no idempotency key, so whether to send again is the queue's decision.
 */
export function publishingOperations(api: ApiContext) {
  /** A create answer: the new item, and its quota recorded as the latest known. */
  function created(answer: Payload, docType: DocType): Created {
    const quota = readQuota(answer, docType)
    api.learnQuota(quota)
    return { ...api.decode(answer, toNewItem), quota }
  }

  /** Refuses a file over the plan's limit before a byte is sent; the service's 413 stays the final word. */
  async function preflight(path: string): Promise<void> {
    const { size } = await stat(path)
    const limit = api.uploadLimit.bytes
    if (limit !== undefined && size > limit) {
      throw new ServiceError('too-large', explain.tooLarge(limit), { delivery: 'not-sent', limitBytes: limit })
    }
  }

  /**
   * Refuses a create when the service last said no item of this kind is left
   * (`<Prefix>_Left === 0`, §2.4b), before anything is sent; the answer of the next
   * subscription read or create updates what is known.
   */
  function checkQuota(docType: DocType): void {
    const quota = api.quotas[docType]
    if (quota && quota.left <= 0) {
      throw new ServiceError('quota-full', explain.quotaFull(docType, quota.max), { delivery: 'not-sent' })
    }
  }

  async function uploadTo(
    path: string,
    call: { method: 'POST' | 'PUT'; urlPath: string; host: Host },
    fields: Record<string, string>,
    options: UploadOptions
  ): Promise<Payload> {
    await preflight(path)
    const upload = await createMultipartUpload(path, fields, { ...options, stallMs: api.timeouts.stallMs })
    try {
      return await api.call({
        method: call.method,
        path: call.urlPath,
        host: call.host,
        stream: { body: upload.body, length: upload.length, contentType: upload.contentType },
        signal: upload.signal,
        // The service's own time plus the size's share: a big file is stored and rendered longer.
        headersTimeoutMs: uploadAnswerTimeout(api.timeouts, upload.length),
        idempotent: false
      })
    } catch (error) {
      // The connection only saw a body cut short; the cause was the file.
      throw upload.shrank ?? error
    } finally {
      upload.dispose()
    }
  }

  return {
    /** Uploads a PDF from disk as a new flipbook or document. */
    async createFromFile(path: string, fields: PublishFields, options: UploadOptions = {}): Promise<Created> {
      checkQuota(fields.docType)
      const host = hostFor(fields.docType)
      const answer = await uploadTo(
        path,
        { method: 'POST', urlPath: '/api/create-by-file', host },
        { Name: fields.name, Title: fields.title, DocType: fields.docType },
        options
      )
      return created(answer, fields.docType)
    },

    /** Has the service download a PDF from a URL; allows for the service's own 60 s download time. */
    async createFromUrl(fileUrl: string, fields: PublishFields, signal?: AbortSignal): Promise<Created> {
      checkQuota(fields.docType)
      const answer = await api.call({
        method: 'POST',
        path: '/api/create-by-url',
        host: hostFor(fields.docType),
        form: { FileURL: fileUrl, Name: fields.name, Title: fields.title, DocType: fields.docType },
        headersTimeoutMs: api.timeouts.createByUrlMs,
        idempotent: false,
        ...(signal ? { signal } : {})
      })
      return created(answer, fields.docType)
    },

    /**
     * Makes `count` copies. The per-call bound is stated two ways (§4.5), so calls go in
     * batches of the configured size until every copy exists. Copies are never lost: when a
     * batch fails, the copies already made come back with the failure.
     */
    async duplicate(id: number, count: number, docType: DocType = 'Flipbook'): Promise<DuplicateOutcome> {
      if (!Number.isInteger(count) || count < 1 || count > MAX_DUPLICATES) {
        throw new AppError('invalid-input', explain.badDuplicateCount(MAX_DUPLICATES))
      }
      const created: NewItem[] = []
      try {
        while (created.length < count) {
          const batch = Math.min(api.duplicateBatch, count - created.length)
          const answer = await api.call({
            method: 'POST',
            path: `/api/duplicate/${id}`,
            host: hostFor(docType),
            form: { Count: batch },
            idempotent: false
          })
          const items = api.decode(answer, toNewItems)
          if (items.length === 0) {
            throw new ServiceError('protocol', explain.protocol('duplicate made no copies'), { delivery: 'answered' })
          }
          created.push(...items)
        }
      } catch (error) {
        if (error instanceof ServiceError) return { created, failure: error }
        throw error
      }
      return { created, failure: null }
    },

    /**
     * Replaces the item's PDF with a file from disk; the item keeps its ID and link. IDs are
     * the host's: a Document is replaced on the document host (§1).
     */
    async replacePdf(id: number, path: string, docType: DocType, options: UploadOptions = {}): Promise<string> {
      const answer = await uploadTo(path, { method: 'PUT', urlPath: `/api/replace-pdf/${id}`, host: hostFor(docType) }, {}, options)
      return messageOf(answer, 'PDF replaced.')
    },

    /** Has the service download a replacement PDF from a URL, on the host that holds the item. */
    async replacePdfFromUrl(id: number, fileUrl: string, docType: DocType, signal?: AbortSignal): Promise<string> {
      const answer = await api.call({
        method: 'PUT',
        path: `/api/replace-pdf-by-url/${id}`,
        host: hostFor(docType),
        form: { FileURL: fileUrl },
        headersTimeoutMs: api.timeouts.createByUrlMs,
        idempotent: false,
        ...(signal ? { signal } : {})
      })
      return messageOf(answer, 'PDF replaced.')
    }
  }
}
