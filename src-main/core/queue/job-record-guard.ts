import { FAILURE_CODES } from '../../../src-shared/domain/queue'
import { HOSTS } from '../../../src-shared/domain/service/item'
import { STORED_STATES, type JobRecord } from './job-record'
import { isSaid } from '../i18n/said-schema'

/*
 * Why this is written by hand beside the zod schema (job-record.ts): restoring 10,000 jobs
 * has a 100 ms budget, and zod spends ~65 ms of it checking them cold; this check takes a few.
 * It accepts exactly what jobRecordSchema accepts (test/main/core/queue/job-record-guard.test.ts
 * compares the two on valid and broken records), and snapshot loading falls back to zod to
 * name the problem whenever it says no.
 */

const STATES = new Set<string>(STORED_STATES)
const HOST_NAMES = new Set<unknown>(HOSTS)
const CODES = new Set<unknown>(FAILURE_CODES)

const isString = (value: unknown): value is string => typeof value === 'string'
const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const numberOrNull = (value: unknown): boolean => value === null || isNumber(value)
const stringOrNull = (value: unknown): boolean => value === null || isString(value)

function isSource(value: unknown): boolean {
  if (!isRecord(value)) return false
  if (value['type'] === 'url') return isString(value['url'])
  return (
    value['type'] === 'file' &&
    isString(value['path']) &&
    isString(value['fileName']) &&
    isNumber(value['size']) &&
    isNumber(value['mtimeMs']) &&
    isString(value['sha256']) &&
    numberOrNull(value['pages'])
  )
}

function isResult(value: unknown): boolean {
  if (value === null) return true
  return (
    isRecord(value) &&
    isNumber(value['itemId']) &&
    isString(value['url']) &&
    stringOrNull(value['embedUrl']) &&
    numberOrNull(value['pages'])
  )
}

function isFailure(value: unknown): boolean {
  return (
    value === null ||
    (isRecord(value) &&
      isString(value['message']) &&
      typeof value['retryable'] === 'boolean' &&
      CODES.has(value['code']) &&
      (value['said'] === undefined || isSaid(value['said'])))
  )
}

function isHistory(value: unknown): boolean {
  return Array.isArray(value) && value.every((line) => isRecord(line) && isNumber(line['at']) && isString(line['text']) && (line['said'] === undefined || isSaid(line['said'])))
}

/** Whether `value` is a job record as jobRecordSchema defines it. */
function isLookalike(value: unknown): boolean {
  return isRecord(value) && isNumber(value['itemId']) && isString(value['url'])
}

export function isJobRecord(value: unknown): value is JobRecord {
  if (!isRecord(value)) return false
  return (
    isString(value['id']) &&
    (value['kind'] === 'create' || value['kind'] === 'replace') &&
    isSource(value['source']) &&
    (value['docType'] === 'Flipbook' || value['docType'] === 'Document') &&
    stringOrNull(value['accountId']) &&
    HOST_NAMES.has(value['host']) &&
    isString(value['name']) &&
    isString(value['title']) &&
    numberOrNull(value['targetItemId']) &&
    isString(value['state']) &&
    STATES.has(value['state']) &&
    typeof value['paused'] === 'boolean' &&
    isNumber(value['attempts']) &&
    isNumber(value['addedAt']) &&
    numberOrNull(value['inDoubtSince']) &&
    (value['notBefore'] === undefined || isNumber(value['notBefore'])) &&
    typeof value['replaceCreated'] === 'boolean' &&
    (value['lookalike'] === undefined || isLookalike(value['lookalike'])) &&
    isResult(value['result']) &&
    isFailure(value['failure']) &&
    isHistory(value['history'])
  )
}
