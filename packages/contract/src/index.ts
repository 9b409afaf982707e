export * from './admin';
export * from './common';
export * from './content';
export * from './errors';
export * from './markets';
export * from './route';
export * from './socket';
export * from './system';
