import { Inject, Injectable } from '@nestjs/common';
import { type Logger } from '@lib/observability';
import { LOGGER, SERVICE_CONFIG } from '@lib/service-kit';
import {
  classifyNbpError,
  type NbpSeries,
  type NbpTable,
  parseNbpSeriesBody,
  parseNbpTablesBody,
} from '../domain/nbp-api-body';
import { type NbpTableType } from '../domain/nbp-table-type';
import { type RatesConfig } from '../rates.config';
import { getWithRetry } from './http-get';
import { OutboundRequests } from './outbound-requests';

/** Which tables to ask for: today's newest, the last n, one day, or a range (within NBP's limits). */
export type NbpQuery =
  | { kind: 'latest' }
  | { kind: 'last'; count: number }
  | { kind: 'date'; date: string }
  | { kind: 'range'; from: string; to: string };

/** NBP refused a query as over its limits (400 'Przekroczony limit …'): the caller asks for less. */
export class NbpLimitError extends Error {
  constructor(readonly body: string) {
    super(`NBP query over its limits: ${body}`);
    this.name = 'NbpLimitError';
  }
}

/** NBP answered with an error that retrying will not fix (a 400 other than limits, 401, …). */
export class NbpRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`NBP answered ${status}: ${body.slice(0, 200)}`);
    this.name = 'NbpRequestError';
  }
}

function path(query: NbpQuery): string {
  switch (query.kind) {
    case 'latest':
      return '';
    case 'last':
      return `/last/${query.count}`;
    case 'date':
      return `/${query.date}`;
    case 'range':
      return `/${query.from}/${query.to}`;
  }
}

/**
 * The NBP Web API (NBP_API_URL): JSON tables A, B and C and single-currency series. 404 'Brak
 * danych' (no table that day) is an empty answer; 5xx, timeouts and network errors are retried
 * with exponential backoff; a 400 over NBP's limits is NbpLimitError; a body that is not NBP's
 * shape is NbpFormatError (from the domain parser).
 */
@Injectable()
export class NbpApiClient {
  private readonly base: string;
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: RatesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly outbound: OutboundRequests,
  ) {
    this.base = config.NBP_API_URL.replace(/\/+$/, '');
  }

  async tables(type: NbpTableType, query: NbpQuery): Promise<NbpTable[]> {
    const body = await this.getJson(`/exchangerates/tables/${type}${path(query)}/`);
    return body === undefined ? [] : parseNbpTablesBody(body, type);
  }

  async series(type: NbpTableType, code: string, query: NbpQuery): Promise<NbpSeries | undefined> {
    const body = await this.getJson(`/exchangerates/rates/${type}/${code.toLowerCase()}${path(query)}/`);
    return body === undefined ? undefined : parseNbpSeriesBody(body, type);
  }

  /** The parsed JSON, or undefined for NBP's 404 'Brak danych'. */
  private async getJson(route: string): Promise<unknown> {
    const url = `${this.base}${route}?format=json`;
    const policy = {
      retries: this.config.NBP_RETRIES,
      firstDelayMs: this.config.NBP_RETRY_DELAY_MS,
      timeoutMs: this.config.NBP_TIMEOUT_MS,
    };
    const { status, text } = await getWithRetry(
      url,
      'application/json',
      policy,
      this.logger,
      this.outbound.signal,
    );
    if (status >= 200 && status < 300) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        // Not JSON: the domain parser reports it as not NBP's shape; the caller logs and skips it.
        return text;
      }
    }
    switch (classifyNbpError(status, text)) {
      case 'no-data':
        return undefined;
      case 'limit-exceeded':
        throw new NbpLimitError(text.trim());
      case 'bad-request':
      case 'other':
        throw new NbpRequestError(status, text);
    }
  }
}
