import { GrpcMethod } from '@nestjs/microservices';

/**
 * Registers every public method of a controller as an RPC of `service`, by its lowerCamelCase name,
 * like ts-proto's generated `…ControllerMethods()` decorator does. Unlike that one it accepts a
 * controller that implements only part of the service (`implements Pick<XController, 'a' | 'b'>`):
 * RPCs the controller does not define are answered with gRPC's own UNIMPLEMENTED status instead of a crash at start.
 */
export function GrpcService(service: string): ClassDecorator {
  return (target) => {
    const prototype = target.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      if (name === 'constructor' || name.startsWith('_')) continue;
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      if (typeof descriptor?.value !== 'function') continue;
      GrpcMethod(service, name)(prototype, name, descriptor);
    }
  };
}
