import { DataSource, IsNull, Not } from 'typeorm';
import { unwrapDataKey, wrapDataKey } from '../domain/envelope-crypto';
import { ContactMessageEntity } from './contact-message.entity';
import { DataKeyEntity } from './data-key.entity';
import { type MasterKeyring, type PersonalDataVault } from './personal-data-vault';

export interface RotationReport {
  /** Data keys now wrapped by the active master key that were not before. */
  rewrapped: number;
  /** Data keys already under the active master key (an earlier, maybe interrupted, run did them). */
  alreadyCurrent: number;
  /** Contact messages from before encryption, sealed now. */
  sealedLegacyMessages: number;
}

const BATCH = 100;

/**
 * `npm run leads:rotate-keys`: every data key wrapped by an earlier master key is unwrapped and
 * wrapped again by the active one (LEADS_MASTER_KEY), each in its own transaction with the row locked,
 * so the command can be stopped and run again at any point (idempotent, resumable); then contact
 * messages stored in clear before encryption existed are sealed. The rows' data never needs
 * re-encrypting: only the data keys change. Once it reports 0 left, the old master key can be
 * removed from LEADS_PREVIOUS_MASTER_KEYS.
 */
export async function rotateKeys(
  dataSource: DataSource,
  keyring: MasterKeyring,
  vault: PersonalDataVault,
): Promise<RotationReport> {
  const active = keyring.active;
  const keys = dataSource.getRepository(DataKeyEntity);
  const alreadyCurrent = await keys.countBy({ masterKeyId: active.id });
  let rewrapped = 0;
  for (;;) {
    const batch = await keys.find({
      select: { id: true },
      where: { masterKeyId: Not(active.id) },
      order: { id: 'ASC' },
      take: BATCH,
    });
    if (batch.length === 0) break;
    for (const { id } of batch) {
      rewrapped += await dataSource.transaction(async (manager) => {
        const row = await manager
          .getRepository(DataKeyEntity)
          .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row || row.masterKeyId === active.id) return 0;
        const dataKey = unwrapDataKey(keyring.get(row.masterKeyId), id, row.wrapped);
        await manager
          .getRepository(DataKeyEntity)
          .update(
            { id },
            { masterKeyId: active.id, wrapped: wrapDataKey(active, id, dataKey), rewrappedAt: new Date() },
          );
        return 1;
      });
    }
  }

  const sealedLegacyMessages = await sealLegacyContactMessages(dataSource, vault);
  return { rewrapped, alreadyCurrent, sealedLegacyMessages };
}

/**
 * Seals contact messages stored in clear before encryption existed (ProtectPersonalData1796300000000):
 * run at every start and by the rotation command; a message sealed meanwhile is left alone.
 */
export async function sealLegacyContactMessages(
  dataSource: DataSource,
  vault: PersonalDataVault,
): Promise<number> {
  let sealedLegacyMessages = 0;
  const messages = dataSource.getRepository(ContactMessageEntity);
  for (;;) {
    const batch = await messages.find({
      where: { sealed: IsNull(), email: Not(IsNull()) },
      order: { id: 'ASC' },
      take: BATCH,
    });
    if (batch.length === 0) break;
    for (const message of batch) {
      const fields = {
        name: message.name ?? '',
        email: message.email!,
        ...(message.phone ? { phone: message.phone } : {}),
      };
      const sealed = await vault.seal(`contact_messages/${message.id}`, fields);
      const result = await messages.update(
        { id: message.id, sealed: IsNull() },
        {
          ...sealed,
          emailIndex: vault.index('email', message.email),
          phoneIndex: vault.index('phone', message.phone),
          name: null,
          email: null,
          phone: null,
        },
      );
      sealedLegacyMessages += result.affected ?? 0;
    }
  }
  return sealedLegacyMessages;
}
