import { Controller } from '@nestjs/common';
import { ratesV1 } from '@lib/contracts';
import { parseRequest, unimplemented } from '@lib/service-kit';
import { RateTablesUseCases } from '../application/rate-tables.use-cases';
import { getLatestTableRequest } from './requests';

/**
 * rates.v1.RatesService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built or listed below as not built yet.
 */
@Controller()
@ratesV1.RatesServiceControllerMethods()
export class RatesController implements ratesV1.RatesServiceController {
  constructor(private readonly tables: RateTablesUseCases) {}

  async getLatestTable(request: ratesV1.GetLatestTableRequest): Promise<ratesV1.RateTable> {
    const { table } = parseRequest(getLatestTableRequest, request);
    return this.tables.latestTable(table);
  }

  // Not built yet: callers get UNIMPLEMENTED.
  getTableByDate(): never { throw unimplemented('GetTableByDate'); }
  listTables(): never { throw unimplemented('ListTables'); }
  getCurrencyHistory(): never { throw unimplemented('GetCurrencyHistory'); }
  listBanks(): never { throw unimplemented('ListBanks'); }
  getBankTable(): never { throw unimplemented('GetBankTable'); }
  convert(): never { throw unimplemented('Convert'); }
  listCurrencyNames(): never { throw unimplemented('ListCurrencyNames'); }
  getCurrencyPair(): never { throw unimplemented('GetCurrencyPair'); }
}
