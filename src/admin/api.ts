// The inbox's calls to its API (the paths are the contract's, src/shared/inbox.ts). The server answers
// in the language the request asks for, so every call names the inbox's language and a refusal's
// `error` can be shown as it comes; what the server cannot say (no connection, an answer that is not
// ours) gets the inbox's own words.
import { format } from '../content/i18n/format.ts';
import { inboxTexts, type InboxTexts } from '../content/i18n/inbox.ts';
import { INBOX_API } from '../shared/inbox.ts';
import { isLocale, type Locale } from '../shared/locale.ts';
import { shownDirectionControls } from '../shared/text.ts';

const languageOfPage = (): Locale => {
  const lang = document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
};

export class ApiError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer came. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A file the server sent as a download: its bytes and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  name: string;
}

export interface InboxApi {
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
  /** A POST whose answer is a file (a person's data): refused as any call is, else the file. */
  download(path: string, body: unknown, fallbackName: string): Promise<DownloadedFile>;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.json"`). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** The message for a refusal: the server's own words where it sent them, else ours for its status. */
export function errorMessageOf(status: number, body: unknown, retryAfter: string | null, t: Pick<InboxTexts, 'errors'>): string {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error.trim()) return error;
  if (status === 429) return format(t.errors.tooMany, { minutes: Math.max(1, Math.ceil(Number(retryAfter ?? 60) / 60) || 1) });
  if (status === 404) return t.errors.notFound;
  return t.errors.server;
}

/**
 * Calls in the inbox's language at the time of each call, as `<html lang>` says it (language.ts keeps it
 * so), which keeps one API for the whole visit: a switch of language does not load every page again.
 * `onSignedOut` runs when a call other than the log-in is refused with 401: the
 * session ended (expired, or the account was removed), and the page shows the log-in form again.
 */
/**
 * A successful answer's body as the inbox shows it: every text with its direction controls as codes, so
 * a stored value cannot rearrange the inbox around it (a name that reads `gnp.exe` from `exe.png`). An
 * empty answer (204), or one that is not JSON, is undefined: the caller reads the resource again.
 */
export function answerOf(text: string): unknown {
  try {
    return text ? JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? shownDirectionControls(value) : value)) : undefined;
  } catch {
    return undefined;
  }
}

export function createApi(onSignedOut: () => void): InboxApi {
  /** The answer of a call that succeeded; a refusal or no answer at all throws ApiError. */
  async function send(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const locale = languageOfPage();
    const t = inboxTexts[locale];
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        signal: signal ?? null,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          'accept-language': locale,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ApiError(0, t.errors.network);
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // An answer that is not JSON (a proxy's error page): the status alone tells what happened.
    }
    if (response.status === 401 && path !== INBOX_API.login && path !== INBOX_API.me) onSignedOut();
    throw new ApiError(response.status, errorMessageOf(response.status, json, response.headers.get('retry-after'), t));
  }
  async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const text = await (await send(method, path, body, signal)).text().catch(() => '');
    return answerOf(text) as T;
  }
  return {
    get: (path, signal) => call('GET', path, undefined, signal),
    post: (path, body) => call('POST', path, body),
    delete: (path) => call('DELETE', path, undefined),
    async download(path, body, fallbackName) {
      const response = await send('POST', path, body);
      return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) };
    },
  };
}

/** What to tell the operator of a failed request: the API's own message, else that the server failed. */
export const messageOf = (err: unknown, t: { errors: { server: string } }): string => (err instanceof ApiError ? err.message : t.errors.server);
