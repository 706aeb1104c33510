import { Inject, Injectable } from '@nestjs/common';
import { leadsV1 } from '@lib/contracts';
import { type Logger } from '@lib/observability';
import {
  checkSignature,
  type LenderDirectory,
  leadStatusCallbackSchema,
  MAX_MESSAGE_BYTES,
} from '@lib/partner-delivery';
import {
  failedPrecondition,
  invalidArgument,
  LOGGER,
  notFound,
  SERVICE_CONFIG,
  unauthenticated,
} from '@lib/service-kit';
import { type DeliveryStateValue } from '../domain/delivery-outcome';
import { readStatusToken } from '../domain/link-tokens';
import { type LeadsConfig } from '../leads.config';
import { ApplicationsRepository } from '../persistence/applications.repository';
import { DeliveriesRepository } from '../persistence/deliveries.repository';
import { LENDER_DIRECTORY } from '../persistence/lender-directory.provider';
import { consentsInForce } from './application-records';
import { APPLICATION_STATUS } from './lead-mappings';

export const DELIVERY_STATE: Record<DeliveryStateValue, leadsV1.DeliveryState> = {
  queued: leadsV1.DeliveryState.QUEUED,
  sent: leadsV1.DeliveryState.SENT,
  accepted: leadsV1.DeliveryState.ACCEPTED,
  rejected: leadsV1.DeliveryState.REJECTED,
  failed: leadsV1.DeliveryState.FAILED,
  withdrawn: leadsV1.DeliveryState.WITHDRAWN,
};

/** The applicant's status page, and lenders' later answers about deliveries. */
@Injectable()
export class DeliveryStatusUseCases {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly deliveries: DeliveriesRepository,
    @Inject(LENDER_DIRECTORY) private readonly directory: LenderDirectory,
    @Inject(SERVICE_CONFIG) private readonly config: LeadsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** NOT_FOUND alike for a forged, expired or unknown token, and for an erased application. */
  async getApplicationStatus(token: string, now = new Date()): Promise<leadsV1.ApplicationStatusView> {
    const id = readStatusToken(this.config.LEADS_LINK_KEY, token, now);
    const row = id ? await this.applications.findById(id) : null;
    if (!id || !row || row.status === 'draft' || row.status === 'erased')
      throw notFound('status link', 'given');
    const [deliveries, answers] = await Promise.all([
      this.deliveries.forApplication(row.id),
      this.applications.consentsOf(row.id),
    ]);
    const names = new Map(this.directory.lenders.map((l) => [l.slug, l.name]));
    return {
      applicationId: row.id,
      status: APPLICATION_STATUS[row.status],
      amountGrosze: row.amountGrosze ?? 0,
      periodDays: row.periodDays ?? 0,
      submittedAt: (row.submittedAt ?? row.createdAt).toISOString(),
      deliveries: deliveries.map((d) => ({
        deliveryId: d.id,
        lenderId: d.lenderId,
        lenderSlug: d.lenderSlug,
        lenderName: names.get(d.lenderSlug) ?? d.lenderSlug,
        state: DELIVERY_STATE[d.state],
        retrying: d.state === 'queued' && d.attempts > 0,
        updatedAt: d.updatedAt.toISOString(),
      })),
      deliveryDeclined: consentsInForce(answers).delivery?.given !== true,
      sandboxLenders: this.directory.environment !== 'production',
    };
  }

  /**
   * A lender's signed decision about a delivery it answered 'pending'. The body is checked as
   * received: its size, its JSON, the delivery it names, then the signature under that delivery's
   * lender's secret (a lender can only speak of its own deliveries). The same decision again is
   * answered as a repeat; a different one after a decision is FAILED_PRECONDITION.
   */
  async recordDeliveryStatus(
    signature: string,
    body: Buffer,
    now = new Date(),
  ): Promise<leadsV1.RecordDeliveryStatusResponse> {
    if (body.length === 0 || body.length > MAX_MESSAGE_BYTES)
      throw invalidArgument([{ field: 'body', description: `must be 1 to ${MAX_MESSAGE_BYTES} bytes` }]);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw invalidArgument([{ field: 'body', description: 'is not JSON' }]);
    }
    const parsed = leadStatusCallbackSchema.safeParse(json);
    if (!parsed.success)
      throw invalidArgument(
        parsed.error.issues.map((i) => ({ field: `body.${i.path.join('.')}`, description: i.message })),
      );
    const callback = parsed.data;
    const delivery = await this.deliveries.findById(callback.deliveryId);
    if (!delivery) throw notFound('delivery', callback.deliveryId);
    const lender = this.directory.lenders.find((l) => l.slug === delivery.lenderSlug);
    // A lender taken out of the file has no secret here: nothing it sends can be verified.
    const problem = lender
      ? checkSignature(signature, body, lender.secret, now.getTime() / 1000)
      : 'mismatch';
    if (problem) {
      this.logger.warn(
        { deliveryId: delivery.id, lender: delivery.lenderSlug, problem },
        'lender callback refused',
      );
      throw unauthenticated(`signature ${problem}`, `SIGNATURE_${problem.toUpperCase().replace(/-/g, '_')}`);
    }
    const applied = await this.deliveries.applyDecision(
      delivery.id,
      callback.decision,
      callback.reason ?? null,
      now,
    );
    if (applied.outcome === 'unknown') throw notFound('delivery', callback.deliveryId);
    if (applied.outcome === 'conflict')
      throw failedPrecondition(
        `the delivery was already ${applied.delivery!.state}; a decision is not changed`,
        'DECISION_FINAL',
      );
    return {
      deliveryId: delivery.id,
      state: DELIVERY_STATE[applied.delivery!.state],
      changed: applied.outcome === 'apply',
    };
  }
}
