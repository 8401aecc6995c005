// The device cookie of OWASP's "Slow down online guessing attacks with device cookies": a browser an
// operator has logged in with carries a cookie signed for that account, so the log-in limits can tell
// the operator's own browser from a stranger. A stranger's failures lock out clients without such a
// cookie only; a browser with one is counted by its cookie, so the operator still logs in while an
// attacker is locked out (login-limiter.ts, auth-routes.ts).
//
// The cookie holds a random nonce and an HMAC of the account's email with it, under a secret the site
// keeps in its database (store/site-secret.ts): it names no one, and cannot be made for another account.
import { randomBytes } from 'node:crypto';
import { createSigner } from '../core/signer.ts';
import { cookieValuesOf } from '../../shared/cookies.ts';

/** Half a year: an operator who logs in now and then keeps the benefit. */
export const DEVICE_COOKIE_DAYS = 180;

const VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export const deviceCookieName = (secure: boolean) => (secure ? '__Host-device' : 'device');

export interface DeviceCookies {
  /** Set-Cookie for a new device cookie bound to the account (after a successful log-in). */
  issue(email: string, secure: boolean): Promise<string>;
  /** The nonce of a device cookie the request carries for this account, if one is genuine. */
  of(cookieHeader: string | undefined, email: string, secure: boolean): Promise<string | undefined>;
}

export function createDeviceCookies(secret: () => Promise<Buffer>): DeviceCookies {
  // `device-cookie\n<email>\n<nonce>`, as the cookies already given were signed.
  const signer = createSigner('device-cookie', secret, { separator: '\n' });

  return {
    async issue(email, secure) {
      const nonce = randomBytes(16).toString('base64url');
      const value = `${nonce}.${await signer.sign(`${email}\n${nonce}`)}`;
      const attributes = [`Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
      return [`${deviceCookieName(secure)}=${value}`, ...attributes].join('; ');
    },

    async of(cookieHeader, email, secure) {
      for (const value of cookieValuesOf(cookieHeader, deviceCookieName(secure))) {
        const match = VALUE.exec(value);
        if (!match) continue;
        const [, nonce, given] = match as unknown as [string, string, string];
        if (await signer.verify(`${email}\n${nonce}`, given)) return nonce;
      }
      return undefined;
    },
  };
}
