/**
 * The designed cover of an article without its own image: the title on a background in the colour
 * of the article's first tag. Inline SVG in the page's HTML, so it costs no request, cannot 404
 * and is cached with the page.
 */

/** Background colours (white text on each passes WCAG AA), one per tag by a stable hash of its slug. */
export const COVER_COLOURS = [
  '#0b6b50',
  '#1f4e79',
  '#6b3fa0',
  '#8a4b08',
  '#7a2e3a',
  '#2f5d62',
  '#4a5a12',
  '#37474f',
] as const;

export function coverColour(tagSlug: string): string {
  let hash = 0;
  for (const char of tagSlug) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return COVER_COLOURS[tagSlug === '' ? 0 : hash % COVER_COLOURS.length]!;
}

const WIDTH = 640;
const HEIGHT = 360;
const FONT_SIZE = 34;
const LINE_HEIGHT = 44;
const MAX_LINES = 4;
/** Characters of a line at FONT_SIZE in a sans-serif font (about 0.55 em each) within the margins. */
const LINE_CHARS = 30;

/**
 * The title in lines of at most LINE_CHARS characters, broken at plain spaces only (a no-break space
 * keeps '0 zł' or '10 000' together, as in the text); the last one ends in '…' when cut.
 */
export function coverLines(title: string, lineChars = LINE_CHARS, maxLines = MAX_LINES): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/[ \t\r\n]+/)) {
    const next = line === '' ? word : `${line} ${word}`;
    if (next.length <= lineChars || line === '') line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length >= lineChars ? last.slice(0, lineChars - 1).trimEnd() : last}…`;
  return kept;
}

export function ArticleCover({
  title,
  tagSlug,
  className,
}: {
  title: string;
  tagSlug: string;
  className: string;
}) {
  const lines = coverLines(title);
  const top = HEIGHT / 2 - ((lines.length - 1) * LINE_HEIGHT) / 2 + FONT_SIZE / 3;
  return (
    <svg
      className={className}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={`Okładka artykułu „${title}”`}
      data-cover={tagSlug}
    >
      <rect width={WIDTH} height={HEIGHT} fill={coverColour(tagSlug)} />
      <circle cx={WIDTH - 40} cy={40} r={130} fill="#ffffff" fillOpacity={0.08} />
      <circle cx={WIDTH - 10} cy={HEIGHT - 20} r={70} fill="#f2b705" fillOpacity={0.85} />
      <rect x={40} y={top - FONT_SIZE - 28} width={56} height={6} rx={3} fill="#f2b705" />
      <text
        x={40}
        y={top}
        fill="#ffffff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize={FONT_SIZE}
        fontWeight={700}
      >
        {lines.map((text, index) => (
          <tspan key={index} x={40} dy={index === 0 ? 0 : LINE_HEIGHT}>
            {text}
          </tspan>
        ))}
      </text>
    </svg>
  );
}
