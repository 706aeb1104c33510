import { typesetText } from '@lib/pl-format';

/**
 * Every string of parsed content typeset the way the site writes figures (@lib/pl-format): one en
 * dash, amounts in złoty grouped by three, no-break spaces inside numbers and before 'zł' and '%'.
 * Applied once at import, to the front matter and the Markdown source alike, so editors type plain
 * spaces and pages never break '10 000 zł' across lines. Keys, numbers and flags are left alone.
 */
export function typesetContent<T>(value: T): T {
  if (typeof value === 'string') return typesetText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => typesetContent(item)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typesetContent(item)])) as T;
  return value;
}
