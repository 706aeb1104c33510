import { type TocItem } from '../view-types';

/** Table of contents linking to the headings' anchors in the body. */
export function TableOfContents({ items }: { items: TocItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav className="toc" aria-labelledby="spis_tresci">
      <h2 id="spis_tresci" className="toc__title">
        Spis treści
      </h2>
      <ol>
        {items.map((item) => (
          <li key={item.anchor} className={item.level > 2 ? 'toc__sub' : undefined}>
            <a href={`#${item.anchor}`}>{item.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
