import { ratesV1 } from '@lib/contracts';
import { z } from 'zod';
import { type NbpTableType } from '../domain/nbp-table-type';

const TABLE_LETTER: Record<number, NbpTableType> = {
  [ratesV1.TableType.A]: 'A',
  [ratesV1.TableType.B]: 'B',
  [ratesV1.TableType.C]: 'C',
};

/** rates.v1.TableType as NBP's letter; UNSPECIFIED (and anything unknown) is refused. */
const tableField = z
  .number()
  .refine((v) => v in TABLE_LETTER, 'must be A, B or C')
  .transform((v) => TABLE_LETTER[v]!);

export const getLatestTableRequest = z.object({ table: tableField });
