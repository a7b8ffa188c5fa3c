// Moved to shared/causes.ts, below both layers; this file goes once its last importers follow.
export * from '../shared/causes';
