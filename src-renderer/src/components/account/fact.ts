/** One fact of a FactList: its label and its value as text; null is unknown, '' is a value the service holds empty. */
export interface Fact {
  label: string
  value: string | null
}
