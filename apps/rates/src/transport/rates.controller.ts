import { Controller } from '@nestjs/common';
import { ratesV1 } from '@lib/contracts';
import { parseRequest } from '@lib/service-kit';
import { BanksUseCases } from '../application/banks.use-cases';
import { CurrenciesUseCases } from '../application/currencies.use-cases';
import { RateTablesUseCases } from '../application/rate-tables.use-cases';
import {
  convertRequest,
  getBankCurrencyHistoryRequest,
  getBankTableRequest,
  getCurrencyHistoryRequest,
  getCurrencyPairRequest,
  getLatestTableRequest,
  getTableByDateRequest,
  listCurrencyNamesRequest,
  listTablesRequest,
} from './requests';

/**
 * rates.v1.RatesService in full: the generated interface and decorator make a new RPC in the proto
 * a type error here until it is built or listed below as not built yet.
 */
@Controller()
@ratesV1.RatesServiceControllerMethods()
export class RatesController implements ratesV1.RatesServiceController {
  constructor(
    private readonly tables: RateTablesUseCases,
    private readonly banks: BanksUseCases,
    private readonly currencies: CurrenciesUseCases,
  ) {}

  async getLatestTable(request: ratesV1.GetLatestTableRequest): Promise<ratesV1.RateTable> {
    const { table } = parseRequest(getLatestTableRequest, request);
    return this.tables.latestTable(table);
  }

  async getTableByDate(request: ratesV1.GetTableByDateRequest): Promise<ratesV1.RateTable> {
    const { table, date, onOrBefore } = parseRequest(getTableByDateRequest, request);
    return this.tables.tableOnDate(table, date, onOrBefore);
  }

  async listTables(request: ratesV1.ListTablesRequest): Promise<ratesV1.ListTablesResponse> {
    const { table, from, to } = parseRequest(listTablesRequest, request);
    return this.tables.listTables(table, from, to);
  }

  async getCurrencyHistory(
    request: ratesV1.GetCurrencyHistoryRequest,
  ): Promise<ratesV1.GetCurrencyHistoryResponse> {
    return this.tables.history(parseRequest(getCurrencyHistoryRequest, request));
  }

  async listBanks(): Promise<ratesV1.ListBanksResponse> {
    return this.banks.listBanks();
  }

  async getBankTable(request: ratesV1.GetBankTableRequest): Promise<ratesV1.BankTable> {
    const { bankSlug, date } = parseRequest(getBankTableRequest, request);
    return this.banks.bankTable(bankSlug, date);
  }

  async getBankCurrencyHistory(
    request: ratesV1.GetBankCurrencyHistoryRequest,
  ): Promise<ratesV1.GetBankCurrencyHistoryResponse> {
    return this.banks.history(parseRequest(getBankCurrencyHistoryRequest, request));
  }

  async convert(request: ratesV1.ConvertRequest): Promise<ratesV1.ConvertResponse> {
    return this.currencies.convert(parseRequest(convertRequest, request));
  }

  listCurrencyNames(request: ratesV1.ListCurrencyNamesRequest): ratesV1.ListCurrencyNamesResponse {
    return this.currencies.currencyNames(parseRequest(listCurrencyNamesRequest, request).codes);
  }

  async getCurrencyPair(request: ratesV1.GetCurrencyPairRequest): Promise<ratesV1.CurrencyPair> {
    const { from, to, historyRange } = parseRequest(getCurrencyPairRequest, request);
    return this.currencies.currencyPair(from, to, historyRange);
  }
}
