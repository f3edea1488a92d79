import type { z } from 'zod'

/** The first message per field of a failed parse, for showing next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '')
    if (!(field in errors)) errors[field] = issue.message
  }
  return errors
}
