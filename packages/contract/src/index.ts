export * from './common';
export * from './errors';
export * from './socket';
export * from './system';
