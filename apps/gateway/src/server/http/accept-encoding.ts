/**
 * The best of `offered` (in the server's order of preference) that an Accept-Encoding header
 * accepts, or undefined. Browsers list gzip before br with equal weight, so the client's order is
 * not a preference; a q=0 refuses an encoding, and '*' accepts any not named.
 */
export function preferredEncoding<E extends string>(
  header: string | undefined,
  offered: readonly E[],
): E | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const any = weights.get('*');
  return offered.find((encoding) => (weights.get(encoding) ?? any ?? 0) > 0);
}
