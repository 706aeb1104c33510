import { CreateNbpTables1763683200000 } from './1763683200000-create-nbp-tables';
import { CreateBankTables1796100000000 } from './1796100000000-create-bank-tables';

/** The rates schema's history, in the order it runs (the service definition and the migration test share it). */
export const RATES_MIGRATIONS = [CreateNbpTables1763683200000, CreateBankTables1796100000000];
