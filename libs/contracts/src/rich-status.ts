import * as grpc from '@grpc/grpc-js';
import { Status } from './generated/google/rpc/status';
import { BadRequest, ErrorInfo, ResourceInfo } from './generated/google/rpc/error_details';
import type { Any } from './generated/google/protobuf/any';

/** Trailer carrying a binary google.rpc.Status, as defined by the gRPC rich error model. */
export const STATUS_DETAILS_KEY = 'grpc-status-details-bin';

const TYPE_URL_PREFIX = 'type.googleapis.com/';
const BAD_REQUEST_URL = `${TYPE_URL_PREFIX}google.rpc.BadRequest`;
const ERROR_INFO_URL = `${TYPE_URL_PREFIX}google.rpc.ErrorInfo`;
const RESOURCE_INFO_URL = `${TYPE_URL_PREFIX}google.rpc.ResourceInfo`;

export interface FieldViolation {
  /** dot-separated path of the offending request field, e.g. 'email' or 'consents.0.textVersion' */
  field: string;
  description: string;
}

export interface ErrorDetailsInfo {
  /** UPPER_SNAKE_CASE cause, e.g. 'RATE_TABLE_NOT_PUBLISHED' */
  reason: string;
  /** service that produced it, e.g. 'rates.v1' */
  domain: string;
  metadata: Record<string, string>;
}

export interface ResourceDetails {
  resourceType: string;
  resourceName: string;
}

export interface RichStatusInput {
  code: grpc.status;
  message: string;
  fieldViolations?: FieldViolation[];
  errorInfo?: { reason: string; domain: string; metadata?: Record<string, string> };
  resourceInfo?: ResourceDetails;
}

export interface RichStatus {
  code: number;
  message: string;
  fieldViolations: FieldViolation[];
  errorInfo?: ErrorDetailsInfo;
  resourceInfo?: ResourceDetails;
}

function pack(typeUrl: string, value: Uint8Array): Any {
  return { typeUrl, value: Buffer.from(value) };
}

/**
 * Encodes the details servers attach to a failed call as a google.rpc.Status in the
 * grpc-status-details-bin trailer. Pass the returned Metadata as the error's `metadata`
 * (grpc-js sends it as trailers; NestJS forwards it from an RpcException payload).
 */
export function richStatusMetadata(input: RichStatusInput): grpc.Metadata {
  if (input.code === grpc.status.OK) {
    throw new Error('richStatusMetadata describes errors; code OK has no error details');
  }
  const details: Any[] = [];
  if (input.fieldViolations && input.fieldViolations.length > 0) {
    const badRequest: BadRequest = {
      fieldViolations: input.fieldViolations.map((v) => ({
        field: v.field,
        description: v.description,
        reason: '',
        localizedMessage: undefined,
      })),
    };
    details.push(pack(BAD_REQUEST_URL, BadRequest.encode(badRequest).finish()));
  }
  if (input.errorInfo) {
    const errorInfo: ErrorInfo = {
      reason: input.errorInfo.reason,
      domain: input.errorInfo.domain,
      metadata: { ...input.errorInfo.metadata },
    };
    details.push(pack(ERROR_INFO_URL, ErrorInfo.encode(errorInfo).finish()));
  }
  if (input.resourceInfo) {
    const resourceInfo: ResourceInfo = {
      resourceType: input.resourceInfo.resourceType,
      resourceName: input.resourceInfo.resourceName,
      owner: '',
      description: '',
    };
    details.push(pack(RESOURCE_INFO_URL, ResourceInfo.encode(resourceInfo).finish()));
  }
  const status: Status = { code: input.code, message: input.message, details };
  const metadata = new grpc.Metadata();
  metadata.set(STATUS_DETAILS_KEY, Buffer.from(Status.encode(status).finish()));
  return metadata;
}

/**
 * Reads the google.rpc.Status trailer of a failed call. Returns undefined when the trailer
 * is absent or unreadable: details are an aid, and a malformed trailer must not hide the
 * status code the call failed with. Unknown detail types are skipped.
 */
export function parseRichStatus(metadata: grpc.Metadata | undefined): RichStatus | undefined {
  const raw = metadata?.get(STATUS_DETAILS_KEY)[0];
  if (raw === undefined || typeof raw === 'string') return undefined;
  let status: Status;
  try {
    status = Status.decode(raw);
  } catch {
    return undefined;
  }
  const result: RichStatus = { code: status.code, message: status.message, fieldViolations: [] };
  for (const detail of status.details) {
    try {
      switch (detail.typeUrl) {
        case BAD_REQUEST_URL:
          for (const v of BadRequest.decode(detail.value).fieldViolations) {
            result.fieldViolations.push({ field: v.field, description: v.description });
          }
          break;
        case ERROR_INFO_URL: {
          const info = ErrorInfo.decode(detail.value);
          result.errorInfo = { reason: info.reason, domain: info.domain, metadata: info.metadata };
          break;
        }
        case RESOURCE_INFO_URL: {
          const info = ResourceInfo.decode(detail.value);
          result.resourceInfo = { resourceType: info.resourceType, resourceName: info.resourceName };
          break;
        }
        default:
          break;
      }
    } catch {
      // A single undecodable detail is dropped; the others are still useful.
    }
  }
  return result;
}
