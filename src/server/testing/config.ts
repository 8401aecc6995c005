// The configuration tests and the inbox's bench build their services from (services.ts). Apart from
// testing/app.ts, which brings Vitest with it, so a script outside Vitest can use it too.
import { loadConfig, type Config } from '../config.ts';

/**
 * A test's configuration: what the environment would give with the limits and the time trap off and
 * no log, and what the test sets.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      BOOKING_RATE_LIMIT: 'off',
      EVENTS_RATE_LIMIT: 'off',
      MEETING_CHANGE_LIMIT: 'off',
      MEETING_NETWORK_CHANGE_LIMIT: 'off',
      MEETINGS_PER_NETWORK: '0',
      BOOKING_MIN_FILL_SECONDS: '0',
    }),
    ...overrides,
  };
}
