declare module '@socialgouv/jours-feries' {
  /** French public holidays of a year, by French name, as local-midnight Dates. */
  export default function joursFeries(year: number, options?: { alsace?: boolean }): Record<string, Date>;
}
