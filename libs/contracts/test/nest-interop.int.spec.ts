import 'reflect-metadata';
import * as grpc from '@grpc/grpc-js';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { freePort } from '@lib/test-support';
import { RpcException, Transport, type MicroserviceOptions } from '@nestjs/microservices';
import {
  GrpcCallError,
  LOADER_OPTIONS,
  SERVICES,
  createServiceClient,
  protoPathsFor,
  ratesV1,
  richStatusMetadata,
  type ControllerOf,
  type ServiceClient,
} from '../src';

// Proves the generated NestJS decorators and interfaces work with the Nest gRPC transport
// configured with LOADER_OPTIONS, and that rich errors thrown as RpcException reach clients.
// The generated @XxxServiceControllerMethods() decorator needs every rpc as a prototype
// method (a missing one or a class-field arrow function fails at class definition).

function unimplemented(): never {
  throw new RpcException({ code: grpc.status.UNIMPLEMENTED, message: 'not part of this test' });
}

@Controller()
@ratesV1.RatesServiceControllerMethods()
class RatesController implements ControllerOf<'rates'> {
  getLatestTable(request: ratesV1.GetLatestTableRequest): Promise<ratesV1.RateTable> {
    if (request.table !== ratesV1.TableType.A) {
      throw new RpcException({
        code: grpc.status.INVALID_ARGUMENT,
        message: 'only table A in this test',
        metadata: richStatusMetadata({
          code: grpc.status.INVALID_ARGUMENT,
          message: 'only table A in this test',
          fieldViolations: [{ field: 'table', description: 'Dozwolona jest tylko tabela A' }],
        }),
      });
    }
    return Promise.resolve({
      table: ratesV1.TableType.A,
      no: '001/A/NBP/2025',
      effectiveDate: '2025-01-02',
      tradingDate: '',
      rates: [{ currency: 'frank szwajcarski', code: 'CHF', mid: '4.5123', bid: '', ask: '' }],
      embedded: false,
    });
  }
  getTableByDate(): never {
    return unimplemented();
  }
  listTables(): never {
    return unimplemented();
  }
  getCurrencyHistory(): never {
    return unimplemented();
  }
  listBanks(): never {
    return unimplemented();
  }
  getBankTable(): never {
    return unimplemented();
  }
  convert(): never {
    return unimplemented();
  }
  getBankCurrencyHistory(): never {
    return unimplemented();
  }
  listCurrencyNames(): never {
    return unimplemented();
  }
  getCurrencyPair(): never {
    return unimplemented();
  }
}

@Module({ controllers: [RatesController] })
class RatesModule {}

describe('generated contracts with the NestJS gRPC transport', () => {
  let app: INestMicroservice;
  let client: ServiceClient<'rates'>;

  beforeAll(async () => {
    const url = `127.0.0.1:${await freePort()}`;
    app = await NestFactory.createMicroservice<MicroserviceOptions>(RatesModule, {
      logger: false,
      transport: Transport.GRPC,
      options: {
        package: SERVICES.rates.package,
        protoPath: protoPathsFor('rates'),
        url,
        loader: LOADER_OPTIONS,
      },
    });
    await app.listen();
    client = createServiceClient('rates', { target: url });
  });

  afterAll(async () => {
    client.close();
    await app.close();
  });

  it('serves a controller implementing the generated interface', async () => {
    await expect(client.getLatestTable({ table: ratesV1.TableType.A })).resolves.toEqual({
      table: ratesV1.TableType.A,
      no: '001/A/NBP/2025',
      effectiveDate: '2025-01-02',
      tradingDate: '',
      rates: [{ currency: 'frank szwajcarski', code: 'CHF', mid: '4.5123', bid: '', ask: '' }],
      embedded: false,
    });
  });

  it('delivers an RpcException with richStatusMetadata as a GrpcCallError with field violations', async () => {
    const error: unknown = await client.getLatestTable({ table: ratesV1.TableType.B }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GrpcCallError);
    expect(error).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'only table A in this test',
      fieldViolations: [{ field: 'table', description: 'Dozwolona jest tylko tabela A' }],
    });
  });
});
