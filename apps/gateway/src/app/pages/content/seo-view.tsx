import { ApplyCta } from '../../components/apply-cta';
import { HtmlBlock } from '../../components/html-block';
import { LandingHero } from '../../components/landing-hero';
import { OfferBlockSection } from '../../components/offer-block';
import { Breadcrumbs, Faq } from '../../components/page-extras';
import { RelatedLinks } from '../../components/related-links';
import { TableOfContents } from '../../components/toc';
import { type Section } from '../section';
import { type ContentPageView, type OfferBlock } from './content-data';

/**
 * An SEO landing page: H1 and introduction, the offers block and the call to action of the loan
 * journey (when the page asks for them), the body sections, FAQ and related pages.
 */
export function SeoView({ page, offers }: { page: ContentPageView; offers: Section<OfferBlock> | null }) {
  return (
    <article className="container article article--wide">
      <Breadcrumbs items={page.breadcrumbs} />
      <LandingHero page={page} />
      {page.showOffers && (
        <>
          <OfferBlockSection offers={offers} />
          <ApplyCta />
        </>
      )}
      <div className="article__body">
        {page.toc.length > 2 && <TableOfContents items={page.toc} />}
        <HtmlBlock id="tresc-strony" className="prose" html={page.bodyHtml} />
        <Faq items={page.faq} />
        <RelatedLinks links={page.related} />
      </div>
    </article>
  );
}
