/** One row of the bench table (run.ts prints them): a measurement beside a reference from the same run. */
export interface BenchRow {
  what: string
  measured: string
  reference: string
  ratio: string
  target: string
  ok: boolean
}
