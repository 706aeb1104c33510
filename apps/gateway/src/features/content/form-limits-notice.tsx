import { type leadsV1 } from '@lib/contracts';
import { DEFAULT_OFFER_REQUEST } from '../../app/loaders/offer-request';
import { useRenderContext } from '../../app/render-context';
import { type Section } from '../../app/section';
import { type OfferBlock } from '../../app/view-types';
import { type ApplicantGroup, formLimitsNotice } from './form-limits-notice.view-model';

/**
 * What the application form accepts for the group a page speaks to, between its offers block and
 * the call to action: said plainly, with its source and date, and where to apply when the form
 * cannot serve the group. Shown whatever the leads service answers (unknown limits say so).
 */
export function FormLimitsNoticeSection({
  group,
  limits,
  offers,
}: {
  group: ApplicantGroup;
  limits: Section<leadsV1.ApplicationLimits> | null;
  offers: Section<OfferBlock> | null;
}) {
  const { locale } = useRenderContext();
  const request =
    offers?.status === 'ok'
      ? offers.value.request
      : { amountZl: DEFAULT_OFFER_REQUEST.amountZl, periodDays: DEFAULT_OFFER_REQUEST.periodDays };
  const notice = formLimitsNotice(group, limits?.status === 'ok' ? limits.value : null, request, locale);
  return (
    <aside
      className="notice notice--info form-limits"
      aria-labelledby="formularz_warunki"
      data-form-limits=""
    >
      <h2 id="formularz_warunki">Co przyjmuje nasz formularz wniosku</h2>
      {notice.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {notice.source !== '' && <p className="form-limits__source">{notice.source}</p>}
      <p>
        <a href={notice.link.href}>{notice.link.text}</a>
      </p>
    </aside>
  );
}
