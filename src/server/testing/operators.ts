// What tests of the operator side share.
import type { ScryptCost } from '../operators/passwords.ts';

/** scrypt at a fraction of the real cost: tests hash many passwords, and the cost is not under test. */
export const TEST_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };
