import './zod-messages';

export * from './zod-messages';
export * from './problems';
export * from './enums';
export * from './messages';
export * from './constants';
export * from './money';
export * from './route';
export * from './health';
export * from './phone';
export * from './auth';
export * from './users';
export * from './dev';
export * from './merchants';
export * from './analytics';
export * from './banking';
export * from './subscriptions';
