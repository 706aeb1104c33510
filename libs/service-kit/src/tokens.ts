/** Injection tokens for the infrastructure every service module receives from runService(). */
export const LOGGER = Symbol('LOGGER');
export const CACHE = Symbol('CACHE');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const HEALTH_STATE = Symbol('HEALTH_STATE');
/** The process's prom-client Registry (served on /metrics), for a service's own metrics. */
export const METRICS_REGISTRY = Symbol('METRICS_REGISTRY');
