import type { Said } from '../../../src-shared/i18n/said'
import type { FolderRecord, LinkRecord, LinksFile, PendingJob, VersionRecord } from './links-file'

/*
 * The links file checked by hand, not with zod: zod alone spends about half a second on
 * 10,000 links at start. A file this check does not take (an older one without the fields
 * added since, or a damaged one) goes through the schema, which fills defaults and says why.
 */

type Fields = Record<string, unknown>

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const isNumber = (value: unknown): value is number => typeof value === 'number'
const isDocType = (value: unknown): value is LinkRecord['docType'] => value === 'Flipbook' || value === 'Document'
const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string'
const isSaidValue = (value: unknown): boolean => isString(value) || isNumber(value) || (isObject(value) && isString(value['time']))

/** A message's catalog sentence: absent (older files), or a key with plain values and a count. */
function said(value: unknown): Said | undefined | null {
  if (value === undefined) return undefined
  if (!isObject(value) || !isString(value['key'])) return null
  const { values, count } = value
  if (values !== undefined && !(isObject(values) && Object.values(values).every(isSaidValue))) return null
  if (count !== undefined && !isNumber(count)) return null
  return value as unknown as Said
}

function version(value: unknown): VersionRecord | null {
  if (!isObject(value)) return null
  const { at, size, sha256, pages, kept } = value
  if (!isNumber(at) || !isNumber(size) || !isString(sha256) || !(pages === null || isNumber(pages)) || typeof kept !== 'boolean') return null
  return { at, size, sha256, pages, kept }
}

function published(value: unknown): LinkRecord['published'] | undefined {
  if (value === null) return null
  if (!isObject(value)) return undefined
  const { sha256, size, at } = value
  return isString(sha256) && isNumber(size) && isNumber(at) ? { sha256, size, at } : undefined
}

function link(value: unknown): LinkRecord | null {
  if (!isObject(value)) return null
  const { id, path, itemId, docType, accountId, name, url, paused, problem, message, seen, folderId, polling } = value
  const done = published(value['published'])
  const saidAs = said(value['said'])
  const versions = Array.isArray(value['versions']) ? value['versions'].map(version) : null
  const ok =
    isString(id) &&
    isString(path) &&
    isNumber(itemId) &&
    isDocType(docType) &&
    stringOrNull(accountId) &&
    isString(name) &&
    stringOrNull(url) &&
    typeof paused === 'boolean' &&
    (problem === null || problem === 'missing' || problem === 'item-gone') &&
    stringOrNull(message) &&
    saidAs !== null &&
    stringOrNull(seen) &&
    done !== undefined &&
    versions !== null &&
    stringOrNull(folderId) &&
    typeof polling === 'boolean'
  if (!ok || versions.some((entry) => entry === null)) return null
  const record: LinkRecord = { id, path, itemId, docType, accountId, name, url, paused, problem, message, seen, published: done, versions: versions as VersionRecord[], folderId, polling }
  if (saidAs) record.said = saidAs
  return record
}

function folder(value: unknown): FolderRecord | null {
  if (!isObject(value)) return null
  const { id, path, docType, accountId, paused, polling, offered, ignored } = value
  if (!isString(id) || !isString(path) || !isDocType(docType) || !stringOrNull(accountId) || typeof paused !== 'boolean' || typeof polling !== 'boolean') return null
  if (!Array.isArray(offered) || !offered.every(isString)) return null
  // A file written before "Ignore" existed has no list: the schema fills it in.
  if (!Array.isArray(ignored) || !ignored.every(isString)) return null
  return { id, path, docType, accountId, paused, polling, offered: [...offered], ignored: [...ignored] }
}

function pending(value: unknown): PendingJob | null {
  if (!isObject(value)) return null
  const { jobId, linkId, folderId, path, sha256, size } = value
  if (!isString(jobId) || !stringOrNull(linkId) || !stringOrNull(folderId) || !isString(path) || !isString(sha256) || !isNumber(size)) return null
  return { jobId, linkId, folderId, path, sha256, size }
}

function all<T>(values: unknown, check: (value: unknown) => T | null): T[] | null {
  if (!Array.isArray(values)) return null
  const checked: T[] = []
  for (const value of values) {
    const record = check(value)
    if (record === null) return null
    checked.push(record)
  }
  return checked
}

/** The file as the schema would read it, when every field is there with its type; null otherwise. */
export function checkLinksFileQuickly(value: unknown): LinksFile | null {
  if (!isObject(value) || value['version'] !== 1 || typeof value['keepCopies'] !== 'boolean') return null
  const links = all(value['links'], link)
  const folders = all(value['folders'], folder)
  const jobs = all(value['pending'], pending)
  if (links === null || folders === null || jobs === null) return null
  return { version: 1, keepCopies: value['keepCopies'], links, folders, pending: jobs }
}
