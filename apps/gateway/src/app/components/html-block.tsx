interface Props {
  id: string;
  /** null means "already in the server HTML": the inline hydration data leaves big HTML out. */
  html: string | null;
  className?: string;
}

/**
 * Sanitized HTML from the content service. The server sends it once, inside the page; the inline
 * data for hydration carries null instead of a second copy, and the browser reads the markup back
 * from the element so hydration sees exactly what is already there.
 */
export function HtmlBlock({ id, html, className }: Props) {
  const markup = html ?? readRenderedHtml(id);
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: markup }} />;
}

function readRenderedHtml(id: string): string {
  if (typeof document === 'undefined') return '';
  return document.getElementById(id)?.innerHTML ?? '';
}
