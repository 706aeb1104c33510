import { type ReactNode } from 'react';
import { OperatorFooterNote } from '../operator';
import { useRenderContext } from '../render-context';
import { SITE_NAME } from '../seo/site';
import { HEADER_LINKS, type NavLink, isExternalHref } from './navigation';

function Link({ link }: { link: NavLink }) {
  return isExternalHref(link.href) ? (
    <a href={link.href} rel="noopener">
      {link.text}
    </a>
  ) : (
    <a href={link.href}>{link.text}</a>
  );
}

export function DefaultLayout({ children }: { children: ReactNode }) {
  const { navigation, today } = useRenderContext();
  const calendarHref = `/kalendarz-${today.slice(0, 4)}/`;
  return (
    <>
      <a className="skip-link" href="#tresc">
        Przejdź do treści
      </a>
      <header className="site-header">
        <div className="container site-header__bar">
          <a className="brand" href="/" aria-label={`${SITE_NAME} – strona główna`}>
            <span className="brand__mark" aria-hidden="true">
              %
            </span>
            <span className="brand__name">{SITE_NAME}</span>
          </a>
          <details className="menu">
            <summary className="menu__toggle">Menu</summary>
            <nav className="menu__panel" aria-label="Główna nawigacja">
              {navigation.groups.map((group) => (
                <div className="menu__group" key={group.title}>
                  <p className="menu__title">{group.title}</p>
                  {group.imageUrl !== '' && (
                    <img
                      className="menu__image"
                      src={group.imageUrl}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  {group.columns.map((column, index) => (
                    <div className="menu__column" key={`${index}-${column.title}`}>
                      {column.title !== '' && <p className="menu__subtitle">{column.title}</p>}
                      <ul>
                        {column.links.map((link) => (
                          <li key={link.href}>
                            <Link link={link} />
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              ))}
              <ul className="menu__links">
                {HEADER_LINKS.map((link) => (
                  <li key={link.href}>
                    <a href={link.href}>{link.text}</a>
                  </li>
                ))}
                <li>
                  <a href={calendarHref}>Kalendarz dni wolnych</a>
                </li>
              </ul>
            </nav>
          </details>
          {navigation.application && (
            <a className="button button--small site-header__cta" href={navigation.application.href}>
              {navigation.application.text}
            </a>
          )}
        </div>
      </header>
      <main id="tresc" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <div className="container">
          <div className="site-footer__columns">
            {navigation.footerColumns.map((column) => (
              <nav key={column.id || column.title} aria-label={column.title}>
                <p className="site-footer__title">{column.title}</p>
                <ul>
                  {column.links.map((link) => (
                    <li key={link.href}>
                      <Link link={link} />
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
          {navigation.partners.length > 0 && (
            <div className="site-footer__partners">
              <p className="site-footer__title">Partnerzy</p>
              <ul>
                {navigation.partners.map((partner) => (
                  <li key={partner.href}>
                    <a href={partner.href} rel="noopener sponsored">
                      {partner.imageUrl !== '' ? (
                        <img
                          src={partner.imageUrl}
                          alt={partner.name}
                          loading="lazy"
                          decoding="async"
                          height={32}
                        />
                      ) : (
                        partner.name
                      )}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {navigation.dataRemoval && (
            <p className="site-footer__note">
              <a href={navigation.dataRemoval.href} rel="noopener">
                {navigation.dataRemoval.text}
              </a>
            </p>
          )}
          <p className="site-footer__note">
            Serwis jest bezpłatnym pośrednikiem: porównujemy oferty licencjonowanych pożyczkodawców, ale sami
            nie udzielamy pożyczek ani kredytów i nie odpowiadamy za treści na stronach zewnętrznych.
          </p>
          <p className="site-footer__note site-footer__warning">
            Uwaga na oszustów: nasi pracownicy nigdy do Ciebie nie dzwonią. Nikomu nie podawaj danych
            osobowych, haseł, kodów SMS ani numeru konta.
          </p>
          {navigation.operator && <OperatorFooterNote operator={navigation.operator} />}
        </div>
      </footer>
    </>
  );
}
