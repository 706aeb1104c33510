import { Controller } from '@nestjs/common';
import { offersV1 } from '@lib/contracts';
import { parseRequest, unimplemented } from '@lib/service-kit';
import { OfferListingUseCases } from '../application/offer-listing.use-cases';
import { listOffersRequest } from './requests';

/**
 * offers.v1.OffersService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built or listed below as not built yet.
 */
@Controller()
@offersV1.OffersServiceControllerMethods()
export class OffersController implements offersV1.OffersServiceController {
  constructor(private readonly listing: OfferListingUseCases) {}

  async listOffers(request: offersV1.ListOffersRequest): Promise<offersV1.ListOffersResponse> {
    return this.listing.listOffers(parseRequest(listOffersRequest, request));
  }

  // Not built yet: callers get UNIMPLEMENTED.
  getOffer(): never { throw unimplemented('GetOffer'); }
  getLender(): never { throw unimplemented('GetLender'); }
  triggerFeedIngestion(): never { throw unimplemented('TriggerFeedIngestion'); }
  getFeedIngestionStatus(): never { throw unimplemented('GetFeedIngestionStatus'); }
  matchOffers(): never { throw unimplemented('MatchOffers'); }
  assignExperimentVariant(): never { throw unimplemented('AssignExperimentVariant'); }
  listExperiments(): never { throw unimplemented('ListExperiments'); }
  getLeadFeed(): never { throw unimplemented('GetLeadFeed'); }
}
