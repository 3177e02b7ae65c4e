export * from './tenancy.ts';
export * from './platform.ts';
export * from './identity.ts';
export * from './warehouse.ts';
export * from './orders.ts';
export * from './files.ts';
export * from './express-import.ts';
