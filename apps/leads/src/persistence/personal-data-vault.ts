import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@lib/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  blindIndex,
  type IndexedKind,
  type MasterKey,
  newDataKey,
  openRecord,
  sealRecord,
  unwrapDataKey,
  wrapDataKey,
} from '../domain/envelope-crypto';
import { type LeadsConfig } from '../leads.config';
import { DataKeyEntity } from './data-key.entity';

/** A sealed set of personal fields and the data key that opens it. */
export interface SealedFields {
  dataKeyId: string;
  sealed: Buffer;
}

/** The master keys the service knows: the active one and the earlier ones still being rotated away. */
export class MasterKeyring {
  private readonly byId = new Map<string, MasterKey>();

  constructor(
    readonly active: MasterKey,
    previous: readonly MasterKey[],
  ) {
    for (const key of [...previous, active]) this.byId.set(key.id, key);
  }

  get(id: string): MasterKey {
    const key = this.byId.get(id);
    if (!key)
      throw new Error(`master key "${id}" is not configured (LEADS_MASTER_KEY / LEADS_PREVIOUS_MASTER_KEYS)`);
    return key;
  }

  static fromConfig(
    config: Pick<LeadsConfig, 'LEADS_MASTER_KEY' | 'LEADS_PREVIOUS_MASTER_KEYS'>,
  ): MasterKeyring {
    return new MasterKeyring(config.LEADS_MASTER_KEY, config.LEADS_PREVIOUS_MASTER_KEYS);
  }
}

/**
 * Seals and opens the personal fields of rows (envelope encryption, domain/envelope-crypto.ts) and
 * computes blind indexes. One data key per process, created on first use and stored wrapped by the
 * active master key; data keys of other rows are unwrapped on demand and kept in memory.
 */
@Injectable()
export class PersonalDataVault {
  private readonly keyring: MasterKeyring;
  private readonly indexKey: Buffer;
  private readonly dataKeys = new Map<string, Buffer>();
  private current: Promise<{ id: string; key: Buffer }> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: LeadsConfig,
  ) {
    this.keyring = MasterKeyring.fromConfig(config);
    this.indexKey = config.LEADS_BLIND_INDEX_KEY;
  }

  /** Blind index of a normalised e-mail or phone; null for an empty value. */
  index(kind: IndexedKind, value: string | undefined | null): string | null {
    return value ? blindIndex(this.indexKey, kind, value) : null;
  }

  /**
   * A keyed fingerprint of a request that holds personal data (what the idempotency table keeps to
   * tell a repeat from another request): nobody without the key can test a guessed PESEL against it.
   */
  fingerprint(value: unknown): string {
    return blindIndex(this.indexKey, 'email', `fingerprint:${JSON.stringify(value)}`);
  }

  /** Seals fields for one row of `scope` (table name): the aad binds them to that table. */
  async seal(scope: string, fields: Record<string, string>): Promise<SealedFields> {
    const { id, key } = await this.currentKey();
    return { dataKeyId: id, sealed: sealRecord(key, scope, fields) };
  }

  async open(scope: string, dataKeyId: string, sealed: Buffer): Promise<Record<string, string>> {
    return openRecord(await this.dataKey(dataKeyId), scope, sealed);
  }

  private currentKey(): Promise<{ id: string; key: Buffer }> {
    if (!this.current) {
      this.current = this.createDataKey().catch((error: unknown) => {
        this.current = undefined;
        throw error;
      });
    }
    return this.current;
  }

  private async createDataKey(): Promise<{ id: string; key: Buffer }> {
    const id = randomUUID();
    const key = newDataKey();
    const master = this.keyring.active;
    // Stored before (outside) the caller's transaction: a data key outlives a rolled-back write and then wraps nothing.
    await this.dataSource
      .getRepository(DataKeyEntity)
      .insert({ id, masterKeyId: master.id, wrapped: wrapDataKey(master, id, key) });
    this.dataKeys.set(id, key);
    return { id, key };
  }

  private async dataKey(id: string): Promise<Buffer> {
    const cached = this.dataKeys.get(id);
    if (cached) return cached;
    const row = await this.dataSource.getRepository(DataKeyEntity).findOneByOrFail({ id });
    const key = unwrapDataKey(this.keyring.get(row.masterKeyId), id, row.wrapped);
    this.dataKeys.set(id, key);
    return key;
  }
}
