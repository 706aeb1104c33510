import { BankRateEntity } from './bank-rate.entity';
import { BankTableEntity } from './bank-table.entity';
import { CreateNbpTables1763683200000 } from './migrations/1763683200000-create-nbp-tables';
import { CreateBankTables1796100000000 } from './migrations/1796100000000-create-bank-tables';
import { NbpRateEntity } from './nbp-rate.entity';
import { NbpTableEntity } from './nbp-table.entity';

/**
 * The PostgreSQL schema the rates service owns: its name, its tables and their history. The
 * service, the backfill command and the tests all open the database with these, so an entity or a
 * migration added here is seen by every one of them.
 */
export const RATES_SCHEMA = 'rates';

export const RATES_ENTITIES = [NbpTableEntity, NbpRateEntity, BankTableEntity, BankRateEntity];

/** In the order they run. */
export const RATES_MIGRATIONS = [CreateNbpTables1763683200000, CreateBankTables1796100000000];
