import { Injectable } from '@nestjs/common';
import { offersV1 } from '@lib/contracts';
import {
  type Experiment,
  type FeedCountry,
  type VariantSource,
  assignVariant,
  experimentsFor,
  findExperiment,
} from '@lib/offers-domain';
import { notFound } from '@lib/service-kit';

export interface AssignCommand {
  experimentId: string;
  country: FeedCountry;
  clientId: string;
  overrideVariant: string;
  storedVariant: string;
}

const SOURCES: Record<VariantSource, offersV1.VariantSource> = {
  drawn: offersV1.VariantSource.DRAWN,
  stored: offersV1.VariantSource.STORED,
  override: offersV1.VariantSource.OVERRIDE,
};

const toMessage = (e: Experiment): offersV1.Experiment => ({
  experimentId: e.experimentId,
  name: e.name,
  countries: e.countries.map((c) => c.toUpperCase()),
  path: e.path,
  variants: e.variants.map((v) => ({ name: v.name, weightPercent: v.weightPercent })),
  active: e.active,
});

/** The A/B registry and the variant assignment of @lib/offers-domain: pure, so every replica answers alike. */
@Injectable()
export class ExperimentsUseCases {
  assign(command: AssignCommand): offersV1.AssignExperimentVariantResponse {
    const experiment = findExperiment(command.experimentId);
    if (!experiment?.active || !experiment.countries.includes(command.country)) {
      throw notFound('experiment', `${command.experimentId} (${command.country.toUpperCase()})`);
    }
    const assignment = assignVariant(
      experiment,
      command.clientId,
      command.overrideVariant,
      command.storedVariant,
    );
    return {
      experimentId: experiment.experimentId,
      variant: assignment.variant,
      flow: assignment.flow,
      source: SOURCES[assignment.source],
    };
  }

  list(country?: FeedCountry): offersV1.ListExperimentsResponse {
    return { experiments: experimentsFor(country).map(toMessage) };
  }
}
