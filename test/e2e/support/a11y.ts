import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** One axe finding, short enough to read in a failed assertion. */
export interface Finding {
  id: string
  impact: string
  targets: string[]
}

/** The serious and critical axe findings of the page as it is now (WCAG 2.2 AA and best practices). */
export async function seriousFindings(page: Page): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.join(' '))
    }))
}
