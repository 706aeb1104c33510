interface Props {
  id: string;
  html: string;
  className?: string;
}

/** Sanitized HTML from the content service, sent once inside the page. */
export function HtmlBlock({ id, html, className }: Props) {
  return <div id={id} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
