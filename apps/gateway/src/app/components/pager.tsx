/** Previous / next links around 'strona X z Y' (the pager text of the blog listing). */
export function Pager({
  page,
  totalPages,
  href,
}: {
  page: number;
  totalPages: number;
  href: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label="Kolejne strony listy">
      {page > 1 ? (
        <a className="pager__link" href={href(page - 1)} rel="prev">
          ‹ Nowsze artykuły
        </a>
      ) : (
        <span className="pager__link pager__link--off" aria-hidden="true">
          ‹ Nowsze artykuły
        </span>
      )}
      <span className="pager__text" aria-current="page">{`strona ${page} z ${totalPages}`}</span>
      {page < totalPages ? (
        <a className="pager__link" href={href(page + 1)} rel="next">
          Starsze artykuły ›
        </a>
      ) : (
        <span className="pager__link pager__link--off" aria-hidden="true">
          Starsze artykuły ›
        </span>
      )}
    </nav>
  );
}
