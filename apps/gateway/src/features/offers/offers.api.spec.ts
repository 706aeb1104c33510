import { type Logger } from '@lib/observability';
import { type Request, type Response } from 'express';
import { type GatewayServices } from '../../app/services';
import { offersApi } from './offers.api';

const LENDER_LINK = 'https://lender.example/apply?src=porownywarka';
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as Logger;

/** The offers client as GetOffer answers: one active offer with a lender link. */
const services = {
  offers: {
    getOffer: () =>
      Promise.resolve({ offerId: 101, lenderSlug: 'vivus', isActive: true, lenderLink: LENDER_LINK }),
  },
} as unknown as GatewayServices;

interface Answer {
  status: number;
  location: string;
  headers: Record<string, string>;
}

/** Runs one request through the offers router; resolves with the redirect it answered. */
function send(router: ReturnType<typeof offersApi>, method: string, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    const req = { method, url, originalUrl: url, headers: {}, get: () => undefined } as unknown as Request;
    const res = {
      locals: {},
      setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
      redirect: (status: number, location: string) => resolve({ status, location, headers }),
    } as unknown as Response;
    router(req, res, (error?: unknown) =>
      reject(error instanceof Error ? error : new Error(`${method} ${url} fell through`)),
    );
  });
}

describe('the offer redirect', () => {
  const clicks: string[] = [];
  const router = offersApi({
    services,
    logger,
    country: 'PL',
    recordClick: (req) => {
      clicks.push(req.method);
      return Promise.resolve('stored');
    },
  });

  it('records a GET and redirects it to the feed’s lender link', async () => {
    clicks.length = 0;
    const answer = await send(router, 'GET', '/przejdz/101/?z=offers&p=1');
    expect(answer).toMatchObject({ status: 302, location: LENDER_LINK });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(clicks).toEqual(['GET']);
  });

  it('answers a HEAD like a GET (302 to the lender) and records nothing', async () => {
    clicks.length = 0;
    const answer = await send(router, 'HEAD', '/przejdz/101/');
    expect(answer).toMatchObject({ status: 302, location: LENDER_LINK });
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(clicks).toEqual([]);
  });

  it('redirects even when recording the click failed', async () => {
    const failing = offersApi({
      services,
      logger,
      country: 'PL',
      recordClick: () => Promise.reject(new Error('Redis and the events service both gone')),
    });
    expect(await send(failing, 'GET', '/przejdz/101/')).toMatchObject({ status: 302, location: LENDER_LINK });
  });
});
