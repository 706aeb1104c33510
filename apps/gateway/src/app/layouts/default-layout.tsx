import { type ReactNode } from 'react';
import { APPLICATION_PATH, FOOTER_COLUMNS, HEADER_GROUPS, HEADER_LINKS } from './navigation';

export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#tresc">
        Przejdź do treści
      </a>
      <header className="site-header">
        <div className="container site-header__bar">
          <a className="brand" href="/" aria-label="Porównywarka pożyczek – strona główna">
            <span className="brand__mark" aria-hidden="true">
              %
            </span>
            <span className="brand__name">Porównywarka pożyczek</span>
          </a>
          <details className="menu">
            <summary className="menu__toggle">Menu</summary>
            <nav className="menu__panel" aria-label="Główna nawigacja">
              {HEADER_GROUPS.map((group) => (
                <div className="menu__group" key={group.title}>
                  <p className="menu__title">{group.title}</p>
                  <ul>
                    {group.links.map((link) => (
                      <li key={link.href}>
                        <a href={link.href}>{link.text}</a>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
              <ul className="menu__links">
                {HEADER_LINKS.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.text}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </details>
          <a className="button button--small site-header__cta" href={APPLICATION_PATH}>
            Złóż wniosek
          </a>
        </div>
      </header>
      <main id="tresc" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <div className="site-footer__columns">
            {FOOTER_COLUMNS.map((column) => (
              <nav key={column.title} aria-label={column.title}>
                <p className="site-footer__title">{column.title}</p>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <a href={link.href}>{link.text}</a>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          <p className="site-footer__note">
            Serwis jest bezpłatnym pośrednikiem: porównujemy oferty licencjonowanych pożyczkodawców, ale sami nie
            udzielamy pożyczek ani kredytów i nie odpowiadamy za treści na stronach zewnętrznych.
          </p>
          <p className="site-footer__note site-footer__warning">
            Uwaga na oszustów: nasi pracownicy nigdy do Ciebie nie dzwonią. Nikomu nie podawaj danych osobowych, haseł,
            kodów SMS ani numeru konta.
          </p>
        </div>
      </footer>
    </>
  );
}
