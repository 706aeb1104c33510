import { islandMarker } from '../../app/island-marker';

/**
 * Share links as plain URLs of each network's share page (no third-party script is loaded), an
 * e-mail link, and two buttons the `share-links` island (share-links.island.ts) brings to life:
 * copying the link and the system share sheet (navigator.share). CSS keeps each button hidden
 * until the island has found the browser able to do it.
 */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const newTab = <span className="visually-hidden"> (otwiera się w nowej karcie)</span>;
  return (
    <section className="share" aria-labelledby="udostepnij_sekcja" {...islandMarker('share-links')}>
      <h2 id="udostepnij_sekcja" className="share__title">
        Udostępnij
      </h2>
      <ul className="share__list">
        <li>
          <a
            href={`https://www.facebook.com/sharer/sharer.php?u=${u}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Facebook{newTab}
          </a>
        </li>
        <li>
          <a href={`https://x.com/intent/post?url=${u}&text=${t}`} target="_blank" rel="noopener noreferrer">
            X{newTab}
          </a>
        </li>
        <li>
          <a
            href={`https://www.linkedin.com/sharing/share-offsite/?url=${u}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            LinkedIn{newTab}
          </a>
        </li>
        <li>
          <a href={`mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}`}>E-mail</a>
        </li>
        <li className="share__copy">
          <button type="button" className="share__button" data-share="copy" data-share-url={url}>
            Kopiuj link
          </button>
        </li>
        <li className="share__native">
          <button
            type="button"
            className="share__button"
            data-share="native"
            data-share-url={url}
            data-share-title={title}
          >
            Więcej opcji
          </button>
        </li>
      </ul>
      <p className="share__status" data-share-status="" role="status" />
    </section>
  );
}
