/** Injection tokens for the infrastructure every service module receives from runService(). */
export const LOGGER = Symbol('LOGGER');
export const CACHE = Symbol('CACHE');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const HEALTH_STATE = Symbol('HEALTH_STATE');
