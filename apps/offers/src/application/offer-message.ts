import { type offersV1 } from '@lib/contracts';
import { isShownActive } from '../domain/offer-activity';
import { type OfferEntity } from '../persistence/offer.entity';

/**
 * A stored offer as the contract's Offer. Lender ids, APR and logos are not stored yet: they arrive
 * with feed ingestion and are answered as proto3 zero values until then.
 */
export function toOfferMessage(o: OfferEntity): offersV1.Offer {
  return {
    offerId: o.offerId,
    header: o.header,
    lenderLink: o.lenderLink ?? '',
    isActive: isShownActive(o),
    stars: o.stars,
    field2Value: o.field2Value,
    field4Value: o.field4Value,
    tags: o.tags,
    asnefValue: o.asnefValue,
    productType: o.productType,
    lenderId: 0,
    lenderSlug: o.lenderSlug,
    amountMinGrosze: o.amountMinGrosze,
    amountMaxGrosze: o.amountMaxGrosze,
    periodMinDays: o.periodMinDays,
    periodMaxDays: o.periodMaxDays,
    aprBasisPoints: 0,
    firstLoanFree: o.firstLoanFree,
    // Stored lower-case as feeds key it; the contract speaks ISO upper-case.
    country: o.country.toUpperCase(),
    logoUrl: '',
    position: o.position,
  };
}
