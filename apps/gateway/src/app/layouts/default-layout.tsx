import { type ReactNode } from 'react';
import { COOKIE_SETTINGS_PATH } from '../../shared/consent';
import {
  FRAUD_WARNING_TITLE,
  IntermediaryFooterNote,
  OperatorFooterNote,
  fraudWarningText,
} from '../operator';
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

/**
 * The site's frame: header, main, footer. `applicationAction` false leaves out the header's
 * 'Złóż wniosek' button (QuietLayout), for pages that must not urge a new application.
 */
export function DefaultLayout({
  children,
  applicationAction = true,
}: {
  children: ReactNode;
  applicationAction?: boolean;
}) {
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
          {applicationAction && navigation.application && (
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
            <p className="site-footer__note" data-footer="data-removal">
              <Link link={navigation.dataRemoval} />
            </p>
          )}
          <p className="site-footer__note">
            {/* With JavaScript the tracker opens the cookie notice here; without it, this page holds the same choice. */}
            <a href={COOKIE_SETTINGS_PATH} data-cookie-settings="">
              Ustawienia cookies
            </a>
          </p>
          <IntermediaryFooterNote operator={navigation.operator} />
          <p className="site-footer__note site-footer__warning">
            <strong>{`${FRAUD_WARNING_TITLE}.`}</strong> {fraudWarningText(navigation.operator)}
          </p>
          {navigation.operator && <OperatorFooterNote operator={navigation.operator} />}
        </div>
      </footer>
    </>
  );
}
