import express from 'express';
import { type AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { ConditionalSteps, withBody } from './only-when';

describe('ConditionalSteps', () => {
  it('takes a read of a path when a step made so far applies to a GET of it', () => {
    const steps = new ConditionalSteps();
    expect(steps.takesRead('/kontakt/')).toBe(false);
    steps.onlyWhen(
      (req) => req.path.startsWith('/builds/'),
      (_req, _res, next) => next(),
    );
    steps.onlyWhen(
      (req) => req.path === '/kontakt/',
      (_req, _res, next) => next(),
    );
    expect(steps.takesRead('/kontakt/')).toBe(true);
    expect(steps.takesRead('/builds/abc/')).toBe(true);
    expect(steps.takesRead('/pozyczki/')).toBe(false);
  });

  it('does not count a step that applies only to requests with a body', () => {
    const steps = new ConditionalSteps();
    steps.onlyWhen(
      (req) => withBody(req) && req.path === '/blog/artykul/',
      (_req, _res, next) => next(),
    );
    expect(steps.takesRead('/blog/artykul/')).toBe(false);
  });

  it('runs each handler it makes exactly for the requests its condition accepts', async () => {
    const steps = new ConditionalSteps();
    const app = express();
    app.use(
      steps.onlyWhen(
        (req) => req.path === '/kontakt/',
        (_req, res) => {
          res.send('form');
        },
      ),
    );
    app.use((_req, res) => {
      res.send('page');
    });
    const server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await (await fetch(`${base}/kontakt/`)).text()).toBe('form');
      expect(await (await fetch(`${base}/kontakt/?x=1`)).text()).toBe('form');
      expect(await (await fetch(`${base}/pozyczki/`)).text()).toBe('page');
      expect(steps.takesRead('/kontakt/')).toBe(true);
      expect(steps.takesRead('/pozyczki/')).toBe(false);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
