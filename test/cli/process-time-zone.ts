/*
 * A process prints local dates in the zone its TZ names. Runs in this process share one zone:
 * while any run that named one is going, process.env.TZ is that zone (Node reads it on change).
 */

let users = 0
let zone: string | undefined
let before: string | undefined

function use(wanted: string | undefined): () => void {
  if (wanted === undefined) return () => {}
  if (users > 0 && wanted !== zone) throw new Error(`runs in one process share a time zone: ${zone ?? ''} is in use, ${wanted} was asked for`)
  if (users === 0) {
    before = process.env['TZ']
    zone = wanted
    process.env['TZ'] = wanted
  }
  users += 1
  return () => {
    users -= 1
    if (users > 0) return
    if (before === undefined) delete process.env['TZ']
    else process.env['TZ'] = before
    zone = undefined
  }
}

export const processTimeZone = { use }
