/** pdf.js's worker code, imported as a module so its fake worker runs on the parse worker's thread. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown
}
