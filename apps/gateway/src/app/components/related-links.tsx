/** Links to related pages, in the editors' order. */
export function RelatedLinks({
  links,
  title = 'Zobacz także',
}: {
  links: { path: string; title: string }[];
  title?: string;
}) {
  if (links.length === 0) return null;
  return (
    <nav className="related" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.path}>
            <a href={link.path}>{link.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
