export * from './constants';
export * from './rules';
export * from './wire';
export * from './entities';
export * as fields from './fields';
export * from './calls';
export * from './messages';
export * from './ingest';
export * from './notifications';
