import type { Executor } from '../../platform/db';
import { CATALOGUE } from './instruments.catalogue';
import { insertMissingInstruments } from './markets.repo';

export function seedInstruments(db: Executor): Promise<void> {
  return insertMissingInstruments(db, CATALOGUE);
}
