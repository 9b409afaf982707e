import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  it('has embedded defaults that need nothing installed', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['JOBS_ENABLED', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ])('stops on a bad %s (%s) naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads booleans and numbers from strings', () => {
    const config = loadConfig({ JOBS_ENABLED: 'false', TRUST_PROXY: '1', PORT: '0' });
    expect(config.JOBS_ENABLED).toBe(false);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.PORT).toBe(0);
  });
});
