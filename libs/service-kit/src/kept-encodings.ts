import { type AnyDefinition, type PackageDefinition, type ServiceDefinition } from '@grpc/proto-loader';
import { isSharedValue } from '@lib/cache';

/**
 * The package definition a server loads, with each method's answer encoded once per shared value:
 * a handler that answers with a value the caches share (deep-frozen, never changed: isSharedValue)
 * gets the bytes made for that same value before, for as long as the value lives. Any other answer
 * is encoded as always. Why: a service answering from its cache spent about a quarter of its CPU
 * per call converting and encoding the same unchanged answer again (an article's page, its text
 * and comments, about 37 kB); the bytes depend on the value alone, and grpc-js copies them into
 * the frame it sends, so one copy serves every call. Each method keeps its own, as the same value
 * could be answered as different messages. The bytes go when their value does, so they take at
 * most about as much memory again as the values the caches keep parsed.
 */
export function withKeptEncodings(definition: PackageDefinition): PackageDefinition {
  const kept: PackageDefinition = {};
  for (const [name, entry] of Object.entries(definition)) {
    kept[name] = isServiceDefinition(entry) ? keepServiceEncodings(entry) : entry;
  }
  return kept;
}

function isServiceDefinition(entry: AnyDefinition): entry is ServiceDefinition {
  // Message and enum definitions carry their file's format; a service is a map of methods.
  return !('format' in entry);
}

function keepServiceEncodings(service: ServiceDefinition): ServiceDefinition {
  const methods: ServiceDefinition = {};
  for (const [name, method] of Object.entries(service)) {
    methods[name] = { ...method, responseSerialize: encodeOncePerValue(method.responseSerialize) };
  }
  return methods;
}

/** `encode`, with the bytes of each shared value kept beside it. */
export function encodeOncePerValue<T extends object>(encode: (value: T) => Buffer): (value: T) => Buffer {
  const encoded = new WeakMap<T, Buffer>();
  return (value) => {
    if (!isSharedValue(value)) return encode(value);
    let bytes = encoded.get(value);
    if (bytes === undefined) {
      bytes = encode(value);
      encoded.set(value, bytes);
    }
    return bytes;
  };
}
