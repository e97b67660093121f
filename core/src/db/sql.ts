/** DATE columns as 'YYYY-MM-DD' whatever the driver (pg or PGlite) would make of them. */
export function dateText(column: string, alias: string): string {
  return `to_char(${column}, 'YYYY-MM-DD') as ${alias}`;
}
