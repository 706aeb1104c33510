/** Lists readers scan by name (tags, lenders) follow Polish alphabetical order: Ł after L, Ż last. */
export const byPolishName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'pl');
