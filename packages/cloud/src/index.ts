// Public surface of @blockyard/cloud: named exports only.
export * as protocol from './protocol/index.ts';
export * from './client/index.ts';
export * from './github/index.ts';
