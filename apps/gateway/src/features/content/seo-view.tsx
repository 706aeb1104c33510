import { type leadsV1 } from '@lib/contracts';
import { ApplyCta } from '../../app/components/apply-cta';
import { HtmlBlock } from '../../app/components/html-block';
import { LandingHero } from '../../app/components/landing-hero';
import { OfferBlockSection } from '../../app/components/offer-block';
import { Breadcrumbs, Faq } from '../../app/components/page-extras';
import { RelatedLinks } from '../../app/components/related-links';
import { TableOfContents } from '../../app/components/toc';
import { type Section } from '../../app/section';
import { type ContentPageView, type OfferBlock } from '../../app/view-types';
import { FormLimitsNoticeSection } from './form-limits-notice';
import { type ApplicantGroup } from './form-limits-notice.view-model';

/**
 * An SEO landing page: H1 and introduction, the offers block and the call to action of the loan
 * journey (when the page asks for them; for a page naming a group of borrowers, what the form
 * accepts for them in between), the body sections, FAQ and related pages.
 */
export function SeoView({
  page,
  offers,
  applicantGroup = null,
  formLimits = null,
}: {
  page: ContentPageView;
  offers: Section<OfferBlock> | null;
  applicantGroup?: ApplicantGroup | null;
  formLimits?: Section<leadsV1.ApplicationLimits> | null;
}) {
  return (
    <article className="container article article--wide">
      <Breadcrumbs items={page.breadcrumbs} />
      <LandingHero page={page} />
      {page.showOffers && (
        <>
          <OfferBlockSection offers={offers} />
          {applicantGroup && (
            <FormLimitsNoticeSection group={applicantGroup} limits={formLimits} offers={offers} />
          )}
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
