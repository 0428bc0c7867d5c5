/** The rows of a raw query (`db.execute`): both drivers (node-postgres, PGlite) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
